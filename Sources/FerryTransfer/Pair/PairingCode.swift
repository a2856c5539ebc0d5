import Crypto

/// The short code both devices show while pairing. Each side derives it from its own certificate
/// and the one it saw in the TLS handshake, so someone in the middle (who must present other
/// certificates to each side) makes the two screens disagree.
public enum PairingCode {
    static let domain = Array("ferry-pair-v1".utf8)

    /// Six decimal digits: the first 8 bytes of SHA-256("ferry-pair-v1" || the two fingerprints'
    /// raw bytes, smaller first) as a big-endian integer, modulo 1,000,000, zero-padded.
    ///
    /// Returns nil when a fingerprint is not 64 hex digits.
    public static func code(_ one: String, _ other: String) -> String? {
        guard let first = bytes(one), let second = bytes(other) else { return nil }
        let (low, high) = first.lexicographicallyPrecedes(second) ? (first, second) : (second, first)
        let digest = Array(SHA256.hash(data: domain + low + high))
        let number = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let digits = String(number % 1_000_000)
        return String(repeating: "0", count: 6 - digits.count) + digits
    }

    /// The code as people read it: `123 456`.
    public static func display(_ code: String) -> String {
        guard code.count == 6 else { return code }
        return "\(code.prefix(3)) \(code.suffix(3))"
    }

    /// What a person typed, without spaces or dashes (`123 456` and `123-456` read as `123456`).
    public static func normalized(_ typed: String) -> String {
        typed.filter { $0 != " " && $0 != "-" }
    }

    static func bytes(_ hex: String) -> [UInt8]? {
        let digits = Array(hex.lowercased().utf8)
        guard digits.count == 64 else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(32)
        for index in stride(from: 0, to: 64, by: 2) {
            guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
            result.append(high << 4 | low)
        }
        return result
    }

    static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case 0x30...0x39: digit - 0x30
        case 0x61...0x66: digit - 0x61 + 10
        default: nil
        }
    }
}
