extension Sequence where Element == UInt8 {
    /// The bytes as lowercase hex, two digits each. (Not `String(format:)`: it cost a tenth of the
    /// receiver's time with many small files, three digests per file.)
    package var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
