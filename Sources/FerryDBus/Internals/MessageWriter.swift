import CSystemd

/// Appends `DBusValue`s to an sd-bus message. Runs on the bus thread only.
enum MessageWriter {
    static func append(_ values: [DBusValue], to message: OpaquePointer) throws(DBusError) {
        for value in values { try append(value, to: message) }
    }

    static func append(_ value: DBusValue, to m: OpaquePointer) throws(DBusError) {
        switch value {
        case .byte(let v): try basic(m, "y", v)
        case .boolean(let v): try basic(m, "b", Int32(v ? 1 : 0))
        case .int16(let v): try basic(m, "n", v)
        case .uint16(let v): try basic(m, "q", v)
        case .int32(let v): try basic(m, "i", v)
        case .uint32(let v): try basic(m, "u", v)
        case .int64(let v): try basic(m, "x", v)
        case .uint64(let v): try basic(m, "t", v)
        case .double(let v): try basic(m, "d", v)
        case .string(let s): try string(m, "s", s)
        case .objectPath(let s): try string(m, "o", s)
        case .signature(let s): try string(m, "g", s)
        case .bytes(let bytes):
            let r = bytes.withUnsafeBytes { sd_bus_message_append_array(m, typeChar("y"), $0.baseAddress, $0.count) }
            try check(r, "a byte array of \(bytes.count) bytes")
        case .array(let element, let items):
            try container(m, "a", element) { () throws(DBusError) in try append(items, to: m) }
        case .dictEntry(let key, let item):
            try container(m, "e", key.signature + item.signature) { () throws(DBusError) in
                try append([key, item], to: m)
            }
        case .structure(let fields):
            try container(m, "r", fields.map(\.signature).joined()) { () throws(DBusError) in
                try append(fields, to: m)
            }
        case .variant(let inner):
            try container(m, "v", inner.signature) { () throws(DBusError) in try append(inner, to: m) }
        }
    }

    private static func basic<T>(_ m: OpaquePointer, _ type: Character, _ value: T) throws(DBusError) {
        var copy = value
        let r = withUnsafePointer(to: &copy) { sd_bus_message_append_basic(m, typeChar(type), $0) }
        try check(r, "a value of type \(type)")
    }

    private static func string(_ m: OpaquePointer, _ type: Character, _ s: String) throws(DBusError) {
        // D-Bus strings cannot hold NUL; C would cut the string there without a word.
        guard !s.utf8.contains(0) else {
            throw DBusError(.invalidArgument, "a D-Bus string contains a NUL byte: remove it before sending")
        }
        try check(s.withCString { sd_bus_message_append_basic(m, typeChar(type), $0) }, "the string \(s.prefix(40).debugDescription)")
    }

    private static func container(
        _ m: OpaquePointer, _ type: Character, _ contents: String, _ body: () throws(DBusError) -> Void
    ) throws(DBusError) {
        try check(sd_bus_message_open_container(m, typeChar(type), contents), "a container \(type) of \(contents)")
        try body()
        try check(sd_bus_message_close_container(m), "a container \(type) of \(contents)")
    }

    static func check(_ r: Int32, _ what: String) throws(DBusError) {
        if r < 0 {
            throw DBusError(.invalidArgument, "sd-bus could not add \(what) to a message: \(errnoText(-r))")
        }
    }
}

/// The C `char` of a D-Bus type code.
func typeChar(_ c: Character) -> CChar { CChar(bitPattern: c.asciiValue!) }

/// The text of an errno value, e.g. "Connection refused".
func errnoText(_ code: Int32) -> String { String(cString: strerror(code)) }
