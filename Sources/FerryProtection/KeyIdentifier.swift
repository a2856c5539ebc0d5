/// The kernel's 16-byte identifier of an fscrypt v2 master key (a hash of the key, not secret).
public struct KeyIdentifier: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The identifier's bytes.
    public var bytes: [UInt8]

    /// - Precondition: `bytes` has 16 bytes (a programmer mistake otherwise; parsing uses `init?(hex:)`).
    public init(bytes: [UInt8]) {
        precondition(bytes.count == 16, "an fscrypt key identifier has 16 bytes")
        self.bytes = bytes
    }

    /// Parses 32 hexadecimal digits.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == 32 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: 32, by: 2) {
            guard let high = digits[index].hexDigitValue, let low = digits[index + 1].hexDigitValue else { return nil }
            bytes.append(high << 4 | low)
        }
        self.bytes = bytes
    }

    /// The identifier as fscrypt's tools print it.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }

    public var description: String { hex }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let parsed = KeyIdentifier(hex: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not 32 hex digits: \(text)"))
        }
        self = parsed
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}
