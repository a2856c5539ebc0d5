/// One line's JSON object, read member by member into a typed message: a missing required member
/// or one of the wrong type is named in the error; unknown members are ignored.
struct WireObject {
    /// The `type` member, which names the message.
    let type: String
    private let members: [(String, JSONValue)]

    init(type: String, members: [(String, JSONValue)]) {
        self.type = type
        self.members = members
    }

    /// The member `key`, `null` when absent.
    func field(_ key: String) -> FieldReader {
        FieldReader(key: key, value: members.first { $0.0 == key }?.1 ?? .null)
    }

    /// The member `key` read by `read`, nil when absent or `null`.
    func optional<T>(_ key: String, _ read: (FieldReader) throws(JSONScanner.Failure) -> T?) throws(WireError) -> T? {
        do {
            return try read(field(key))
        } catch {
            throw WireError(.malformedFrame, error.reason)
        }
    }

    /// The member `key` read by `read`, which must be there.
    func need<T>(_ key: String, _ read: (FieldReader) throws(JSONScanner.Failure) -> T?) throws(WireError) -> T {
        guard let value = try optional(key, read) else {
            throw WireError(.malformedFrame, "missing field \"\(key)\" (see docs/protocol.md)")
        }
        return value
    }

    func string(_ key: String) throws(WireError) -> String? { try optional(key) { field throws(JSONScanner.Failure) in try field.string() } }
    func int(_ key: String) throws(WireError) -> Int? { try optional(key) { field throws(JSONScanner.Failure) in try field.int() } }
    func bool(_ key: String) throws(WireError) -> Bool? { try optional(key) { field throws(JSONScanner.Failure) in try field.bool() } }
    func strings(_ key: String) throws(WireError) -> [String]? {
        try optional(key) { field throws(JSONScanner.Failure) in try field.strings() as [String]? }
    }

    func needString(_ key: String) throws(WireError) -> String { try need(key) { field throws(JSONScanner.Failure) in try field.string() } }
    func needInt(_ key: String) throws(WireError) -> Int { try need(key) { field throws(JSONScanner.Failure) in try field.int() } }
    func id() throws(WireError) -> Int { try needInt("id") }

    /// A word of a closed set (an outcome, a mode, ...), nil when absent.
    func word<Word: WireWord>(_ key: String) throws(WireError) -> Word? {
        guard let text = try string(key) else { return nil }
        return try Word(wire: text)
    }

    func needWord<Word: WireWord>(_ key: String) throws(WireError) -> Word {
        try Word(wire: needString(key))
    }
}
