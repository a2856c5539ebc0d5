/// Strings: UTF-8 validated once, escapes decoded, surrogates paired.
extension JSONScanner {
    mutating func parseString() throws(Failure) -> String {
        index += 1
        let start = index
        skipPlainWords()
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
            guard bytes[index] >= 0x20 else { throw Failure(reason: "control character in a string") }
            index += 1
        }
        guard index < bytes.count else { throw Failure(reason: "unterminated string") }
        if bytes[index] == UInt8(ascii: "\"") {
            // No escape: validate and copy the bytes in place, once.
            defer { index += 1 }
            return try Self.string(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        }
        var utf8 = Array(bytes[start..<index])
        while bytes[index] == UInt8(ascii: "\\") {
            try parseEscape(into: &utf8)
            while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
                guard bytes[index] >= 0x20 else { throw Failure(reason: "control character in a string") }
                utf8.append(bytes[index])
                index += 1
            }
            guard index < bytes.count else { throw Failure(reason: "unterminated string") }
        }
        index += 1
        return try utf8.withUnsafeBufferPointer { buffer throws(Failure) in try Self.string(buffer) }
    }

    /// Checks a string as ``parseString()`` does; one without escapes is not copied.
    mutating func skipString() throws(Failure) {
        let start = index
        index += 1
        skipPlainWords()
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
            guard bytes[index] >= 0x20 else { throw Failure(reason: "control character in a string") }
            index += 1
        }
        guard index < bytes.count else { throw Failure(reason: "unterminated string") }
        guard bytes[index] == UInt8(ascii: "\"") else {
            index = start
            _ = try parseString()
            return
        }
        let utf8 = UnsafeBufferPointer(rebasing: bytes[start + 1..<index])
        index += 1
        guard utf8.allSatisfy({ $0 < 0x80 }) || String(validating: utf8, as: UTF8.self) != nil else {
            throw Failure(reason: "a string is not valid UTF-8")
        }
    }

    /// Validated UTF-8 as a String. ASCII takes a fast path: `String(validating:as:)` is generic
    /// and looks up type metadata on every call, which was half of the time to read an offer.
    private static func string(_ utf8: UnsafeBufferPointer<UInt8>) throws(Failure) -> String {
        if utf8.allSatisfy({ $0 < 0x80 }) { return String(decoding: utf8, as: UTF8.self) }
        guard let string = String(validating: utf8, as: UTF8.self) else { throw Failure(reason: "a string is not valid UTF-8") }
        return string
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws(Failure) {
        guard index + 1 < bytes.count else { throw Failure(reason: "unterminated escape") }
        let escaped = bytes[index + 1]
        index += 2
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"): utf8.append(contentsOf: try parseUnicodeEscape())
        default: throw Failure(reason: "unknown escape in a string")
        }
    }

    private mutating func parseUnicodeEscape() throws(Failure) -> [UInt8] {
        var code = try hex4()
        if (0xD800...0xDBFF).contains(code) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw Failure(reason: "unpaired surrogate in a string")
            }
            index += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw Failure(reason: "unpaired surrogate in a string") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw Failure(reason: "invalid \\u escape") }
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw Failure(reason: "short \\u escape") }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            guard let digit = Self.hexValue(byte) else { throw Failure(reason: "bad \\u escape") }
            value = value << 4 | digit
        }
        index += 4
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }

    /// Skips eight bytes at a time while none of them is a quote, a backslash or a control
    /// character (SWAR), so long strings such as base64 state are scanned quickly.
    mutating func skipPlainWords() {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let raw = UnsafeRawBufferPointer(bytes)
        while index + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
            let zeroQuote = (quote &- ones) & ~quote, zeroBackslash = (backslash &- ones) & ~backslash
            let control = (word &- ones &* 0x20) & ~word
            guard (zeroQuote | zeroBackslash | control) & highs == 0 else { return }
            index += 8
        }
    }
}
