extension DBusValue {
    /// `as`: an array of strings.
    public static func strings(_ values: [String]) -> DBusValue {
        .array(elementSignature: "s", values.map(DBusValue.string))
    }

    /// `a{sv}`: a string-keyed dictionary of variants (notification hints, properties), in key order
    /// so that the bytes on the wire do not depend on hashing.
    public static func vardict(_ values: [String: DBusValue]) -> DBusValue {
        let entries = values.keys.sorted().map { DBusValue.dictEntry(.string($0), .variant(values[$0]!)) }
        return .array(elementSignature: "{sv}", entries)
    }

    /// The value inside any number of variants.
    public var unwrapped: DBusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }

    /// The string of an `s`, `o` or `g` value (through variants), else nil.
    public var stringValue: String? {
        switch unwrapped {
        case .string(let s), .objectPath(let s), .signature(let s): s
        default: nil
        }
    }

    /// The number of any unsigned integer value that fits in 32 bits, else nil.
    public var uint32Value: UInt32? {
        switch unwrapped {
        case .uint32(let v): v
        case .uint16(let v): UInt32(v)
        case .byte(let v): UInt32(v)
        case .uint64(let v): UInt32(exactly: v)
        default: nil
        }
    }

    /// The number of an `i` (or smaller signed) value, else nil.
    public var int32Value: Int32? {
        switch unwrapped {
        case .int32(let v): v
        case .int16(let v): Int32(v)
        case .int64(let v): Int32(exactly: v)
        default: nil
        }
    }

    /// The truth of a `b` value, else nil.
    public var boolValue: Bool? {
        if case .boolean(let b) = unwrapped { return b }
        return nil
    }

    /// The strings of an array of strings, else nil.
    public var stringArray: [String]? {
        guard case .array(_, let items) = unwrapped else { return nil }
        let strings = items.compactMap(\.stringValue)
        return strings.count == items.count ? strings : nil
    }

    /// The entries of a string-keyed dictionary (`a{sv}`, `a{ss}`...), else nil.
    public var dictionary: [String: DBusValue]? {
        guard case .array(_, let items) = unwrapped else { return nil }
        var result: [String: DBusValue] = [:]
        for item in items {
            guard case .dictEntry(let key, let value) = item, let name = key.stringValue else { return nil }
            result[name] = value
        }
        return result
    }
}
