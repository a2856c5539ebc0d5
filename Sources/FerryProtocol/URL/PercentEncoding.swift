/// Percent-encoding for query values and RFC 8187 `filename*` parameters, over UTF-8 bytes.
package enum PercentEncoding {
    /// `text` with every byte but ASCII letters and digits as `%XX` (uppercase hex): safe in a
    /// query value and in a `filename*=UTF-8''…` header parameter.
    package static func alphanumerics(_ text: String) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if byte.isASCIIAlphanumeric {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// What to do with a `%` that two hex digits do not follow.
    package enum Malformed { case fail, keep }

    /// The bytes `text` stands for, each `%XX` decoded (`+` stays `+`); nil when an escape is
    /// malformed and `malformed` is `.fail`. The one decoder of URL paths, query values and names.
    package static func decodedBytes(_ text: some StringProtocol, malformed: Malformed) -> [UInt8]? {
        let bytes = Array(text.utf8)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = bytes[index + 1].hexDigitValue, let low = bytes[index + 2].hexDigitValue {
                decoded.append(high << 4 | low)
                index += 3
                continue
            }
            if bytes[index] == UInt8(ascii: "%") && malformed == .fail { return nil }
            decoded.append(bytes[index])
            index += 1
        }
        return decoded
    }

    /// `text` with each `%XX` decoded, as Foundation's `removingPercentEncoding`: nil when a `%`
    /// is not followed by two hex digits or the decoded bytes are not UTF-8. `+` stays `+`.
    package static func decoded(_ text: String) -> String? {
        decodedBytes(text, malformed: .fail).flatMap { String(validating: $0, as: UTF8.self) }
    }
}
