/// One D-Bus value with its type, as it goes over the wire.
///
/// Arrays carry their element signature so that an empty array still has a type; `ay` has its own
/// case (`bytes`) because image data is large. Reading a message always yields `bytes` for `ay`.
public indirect enum DBusValue: Sendable, Equatable {
    case byte(UInt8)
    case boolean(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(String)
    /// An array whose elements all have the signature `elementSignature` (e.g. `"s"`, `"{sv}"`).
    case array(elementSignature: String, [DBusValue])
    /// `ay`: a byte array.
    case bytes([UInt8])
    /// A dictionary entry; only valid as an element of `array`.
    case dictEntry(DBusValue, DBusValue)
    case structure([DBusValue])
    case variant(DBusValue)

    /// The D-Bus type signature of this value (`"s"`, `"a{sv}"`, `"(iiibiiay)"`...).
    public var signature: String {
        switch self {
        case .byte: "y"
        case .boolean: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .array(let element, _): "a" + element
        case .bytes: "ay"
        case .dictEntry(let key, let value): "{" + key.signature + value.signature + "}"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .variant: "v"
        }
    }
}
