import FoundationEssentials

/// Ferry's JSON output: keys sorted, slashes unescaped, so it is stable for scripts.
enum JSONOutput {
    static func line<T: Encodable>(_ value: T) -> String {
        guard let data = try? lineEncoder.encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// One encoder for every line: `ferry send --json` prints a line per file, 10,000 of them.
    private static let lineEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// A time for JSON: an RFC 3339 string in UTC (`2026-11-24T19:38:21Z`). Keys holding one end
    /// in `Time`; the epoch-second keys documented before (`ps` `since`, `state` `savedAt`,
    /// `inbox` `time`) are kept beside them.
    static func time(_ secondsSinceEpoch: Double) -> String {
        Date(timeIntervalSince1970: secondsSinceEpoch).formatted(.iso8601)
    }

    static func document<T: Encodable>(_ value: T) -> String {
        encode(value, pretty: true)
    }

    private static func encode<T: Encodable>(_ value: T, pretty: Bool) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
                                          : [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
