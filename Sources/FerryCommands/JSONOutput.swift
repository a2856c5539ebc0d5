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
