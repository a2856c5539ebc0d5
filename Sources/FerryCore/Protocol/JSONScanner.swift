/// A small strict JSON reader for protocol frames: UTF-8 only, nesting bounded, numbers as Int or
/// Double (UInt64 above Int.max, for sizes). Faster than Codable's JSONDecoder by avoiding its
/// containers, which dominated ferryd's profile when a batch of URLs streams through.
package enum JSONValue: Equatable {
    case string(String)
    case integer(Int)
    /// A whole number above `Int.max` that fits in UInt64 (a file size); larger ones read as double.
    case unsigned(UInt64)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.unsigned(let a), .unsigned(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        default: false
        }
    }
}

package struct JSONScanner {
    package struct Failure: Error {
        package var reason: String
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    private static let maximumDepth = 16

    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses the whole input as one value.
    package mutating func parseDocument() throws(Failure) -> JSONValue {
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw Failure(reason: "trailing characters after the JSON value") }
        return value
    }

    private mutating func parseValue() throws(Failure) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw Failure(reason: "unexpected end of the frame") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default: return try parseNumber()
        }
    }

    private mutating func nest() throws(Failure) {
        depth += 1
        index += 1
        guard depth <= Self.maximumDepth else { throw Failure(reason: "nested too deeply") }
    }

    private mutating func parseObject() throws(Failure) -> JSONValue {
        try nest()
        var members: [(String, JSONValue)] = []
        members.reserveCapacity(8)  // one allocation for a typical frame or offered file, not four
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { index += 1; depth -= 1; return .object(members) }
        repeat {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw Failure(reason: "expected a quoted key") }
            let key = try parseString()
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw Failure(reason: "expected \":\" after a key") }
            index += 1
            members.append((key, try parseValue()))
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { throw Failure(reason: "expected \",\" or \"}\" in an object") }
        depth -= 1
        return .object(members)
    }

    private mutating func parseArray() throws(Failure) -> JSONValue {
        try nest()
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { index += 1; depth -= 1; return .array(elements) }
        repeat {
            elements.append(try parseValue())
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "]")) else { throw Failure(reason: "expected \",\" or \"]\" in an array") }
        depth -= 1
        return .array(elements)
    }

    private mutating func parseString() throws(Failure) -> String {
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

    private mutating func parseNumber() throws(Failure) -> JSONValue {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        var integral = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte.isASCIIDigit {
                index += 1
            } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
                        || byte == UInt8(ascii: "+") || (byte == UInt8(ascii: "-") && index > start) {
                integral = false
                index += 1
            } else {
                break
            }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard index > start, text != "-" else { throw Failure(reason: "unexpected character") }
        if integral, let value = Int(text) { return .integer(value) }
        if integral, let value = UInt64(text) { return .unsigned(value) }
        guard let value = Double(text) else { throw Failure(reason: "bad number \(text)") }
        return .double(value)
    }

    /// Skips eight bytes at a time while none of them is a quote, a backslash or a control
    /// character (SWAR), so long strings such as base64 state are scanned quickly.
    private mutating func skipPlainWords() {
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

    private mutating func expect(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
              word.withUTF8Buffer({ $0.elementsEqual(bytes[index..<index + count]) })
        else { throw Failure(reason: "unexpected character") }
        index += count
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x09 || bytes[index] == 0x0D {
            index += 1
        }
    }

    private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard peek(byte) else { return false }
        index += 1
        return true
    }
}
