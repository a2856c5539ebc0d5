/// The character classes of RFC 3986 §2–§3, as ASCII bitmaps.
enum URLCharacters {
    struct Set {
        private var low: UInt64 = 0
        private var high: UInt64 = 0

        init(_ characters: String...) {
            // Not joined(): its unspecialised generic path looks up conformances at run time.
            for string in characters { for byte in string.utf8 { insert(byte) } }
        }

        private mutating func insert(_ byte: UInt8) {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }

        func contains(_ byte: UInt8) -> Bool {
            guard byte < 128 else { return false }
            return byte < 64 ? low & (1 << UInt64(byte)) != 0 : high & (1 << UInt64(byte - 64)) != 0
        }

        func union(_ other: Set) -> Set {
            var result = self
            result.low |= other.low
            result.high |= other.high
            return result
        }
    }

    static let alphanumerics = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    static let unreserved = Set(alphanumerics, "-._~")
    static let subDelimiters = Set("!$&'()*+,;=")
    static let regName = unreserved.union(subDelimiters)
    static let userInfo = regName.union(Set(":"))
    static let pathCharacter = regName.union(Set(":@"))
    static let path = pathCharacter.union(Set("/"))
    static let queryOrFragment = pathCharacter.union(Set("/?"))
    static let ipLiteral = Set("0123456789abcdefABCDEF:.vV").union(regName)
    private static let reserved = subDelimiters.union(Set(":/?#[]@"))
    private static let keptWhenEncoding = unreserved.union(reserved)

    /// `bytes` with every byte that may not appear in a URL percent-encoded, and every `%` that does
    /// not start an escape encoded as `%25`: a repaired URL to suggest.
    static func percentEncoded(_ bytes: [UInt8]) -> String {
        var output = ""
        for (index, byte) in bytes.enumerated() {
            let startsEscape = byte == UInt8(ascii: "%") && index + 2 < bytes.count
                && bytes[index + 1].isHexDigit && bytes[index + 2].isHexDigit
            if keptWhenEncoding.contains(byte) || startsEscape {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                output += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return output
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
