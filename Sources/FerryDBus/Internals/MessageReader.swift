import CSystemd

/// Reads the arguments of an sd-bus message into `DBusValue`s. Runs on the bus thread only.
enum MessageReader {
    /// Every remaining value at the current level of `m`.
    static func readAll(_ m: OpaquePointer) throws(DBusError) -> [DBusValue] {
        var values: [DBusValue] = []
        while try !atEnd(m) { values.append(try readOne(m)) }
        return values
    }

    static func readOne(_ m: OpaquePointer) throws(DBusError) -> DBusValue {
        var type: CChar = 0
        var contentsPointer: UnsafePointer<CChar>? = nil
        try check(sd_bus_message_peek_type(m, &type, &contentsPointer), "the next value's type")
        let contents = contentsPointer.map { String(cString: $0) } ?? ""
        let code = Character(Unicode.Scalar(UInt8(bitPattern: type)))
        switch code {
        case "y": return .byte(try basic(m, code, UInt8(0)))
        case "b": return .boolean(try basic(m, code, Int32(0)) != 0)
        case "n": return .int16(try basic(m, code, Int16(0)))
        case "q": return .uint16(try basic(m, code, UInt16(0)))
        case "i": return .int32(try basic(m, code, Int32(0)))
        case "u": return .uint32(try basic(m, code, UInt32(0)))
        case "x": return .int64(try basic(m, code, Int64(0)))
        case "t": return .uint64(try basic(m, code, UInt64(0)))
        case "d": return .double(try basic(m, code, Double(0)))
        case "s": return .string(try string(m, code))
        case "o": return .objectPath(try string(m, code))
        case "g": return .signature(try string(m, code))
        case "a" where contents == "y": return .bytes(try bytes(m))
        case "a": return .array(elementSignature: contents, try inside(m, code, contents) { () throws(DBusError) in try readAll(m) })
        case "e":
            let pair = try inside(m, code, contents) { () throws(DBusError) in try readAll(m) }
            guard pair.count == 2 else { throw DBusError(.decode, "a D-Bus dictionary entry has \(pair.count) fields, not 2") }
            return .dictEntry(pair[0], pair[1])
        case "r": return .structure(try inside(m, code, contents) { () throws(DBusError) in try readAll(m) })
        case "v": return .variant(try inside(m, code, contents) { () throws(DBusError) in try readOne(m) })
        default: throw DBusError(.decode, "a D-Bus value of type '\(code)' cannot be read by FerryDBus")
        }
    }

    private static func atEnd(_ m: OpaquePointer) throws(DBusError) -> Bool {
        let r = sd_bus_message_at_end(m, 0)
        try check(r, "the end of a container")
        return r > 0
    }

    private static func basic<T>(_ m: OpaquePointer, _ code: Character, _ initial: T) throws(DBusError) -> T {
        var value = initial
        try check(withUnsafeMutablePointer(to: &value) { sd_bus_message_read_basic(m, typeChar(code), $0) }, "a value of type \(code)")
        return value
    }

    private static func string(_ m: OpaquePointer, _ code: Character) throws(DBusError) -> String {
        var pointer: UnsafePointer<CChar>? = nil
        try check(sd_bus_message_read_basic(m, typeChar(code), &pointer), "a string")
        return pointer.map { String(cString: $0) } ?? ""
    }

    private static func bytes(_ m: OpaquePointer) throws(DBusError) -> [UInt8] {
        var pointer: UnsafeRawPointer? = nil
        var size = 0
        try check(sd_bus_message_read_array(m, typeChar("y"), &pointer, &size), "a byte array")
        guard let pointer, size > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: size))
    }

    private static func inside<T>(
        _ m: OpaquePointer, _ code: Character, _ contents: String, _ body: () throws(DBusError) -> T
    ) throws(DBusError) -> T {
        try check(sd_bus_message_enter_container(m, typeChar(code), contents), "a container \(code) of \(contents)")
        let value = try body()
        try check(sd_bus_message_exit_container(m), "the end of a container \(code)")
        return value
    }

    private static func check(_ r: Int32, _ what: String) throws(DBusError) {
        if r < 0 { throw DBusError(.decode, "sd-bus could not read \(what) from a message: \(errnoText(-r))") }
    }
}
