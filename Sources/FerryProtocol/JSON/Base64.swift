/// Standard base64 (RFC 4648, with padding) over byte buffers: the state frames carry up to
/// 8 MiB this way, and FoundationEssentials' String-based codec costs several times more.
public enum Base64 {
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    /// Each byte's 6-bit value, or 0xFF for a byte outside the alphabet.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    /// The length of the encoding of `count` bytes.
    public static func encodedLength(_ count: Int) -> Int { (count + 2) / 3 * 4 }

    /// Appends the encoding of `bytes` to `out`.
    public static func encode(_ bytes: UnsafeRawBufferPointer, appendingTo out: inout [UInt8]) {
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: encodedLength(bytes.count)))
        out.withUnsafeMutableBytes { _ = encode(bytes, into: UnsafeMutableRawBufferPointer(rebasing: $0[start...])) }
    }

    /// Writes the encoding of `bytes` at the start of `out`, which must hold ``encodedLength(_:)``.
    /// - Returns: The number of bytes written.
    @discardableResult
    public static func encode(_ bytes: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer) -> Int {
        precondition(out.count >= encodedLength(bytes.count), "base64 output buffer too small")
        return alphabet.withUnsafeBufferPointer { table in
            var o = 0, i = 0
            let n = bytes.count
            while i + 3 <= n {
                let word = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
                out[o] = table[Int(word >> 18)]
                out[o + 1] = table[Int(word >> 12 & 63)]
                out[o + 2] = table[Int(word >> 6 & 63)]
                out[o + 3] = table[Int(word & 63)]
                i += 3
                o += 4
            }
            guard i < n else { return o }
            let word = UInt32(bytes[i]) << 16 | (i + 1 < n ? UInt32(bytes[i + 1]) << 8 : 0)
            out[o] = table[Int(word >> 18)]
            out[o + 1] = table[Int(word >> 12 & 63)]
            out[o + 2] = i + 1 < n ? table[Int(word >> 6 & 63)] : UInt8(ascii: "=")
            out[o + 3] = UInt8(ascii: "=")
            return o + 4
        }
    }

    /// The bytes `text` encodes; nil unless it is padded base64 of the standard alphabet.
    public static func decode(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        return decode(text, appendingTo: &out) ? out : nil
    }

    /// Appends the bytes `text` encodes to `out`.
    /// - Returns: False, with `out` unchanged, unless `text` is padded base64 of the standard alphabet.
    public static func decode(_ text: UnsafeBufferPointer<UInt8>, appendingTo out: inout [UInt8]) -> Bool {
        guard text.count % 4 == 0 else { return false }
        guard text.count > 0 else { return true }
        let padding = text[text.count - 1] == UInt8(ascii: "=") ? (text[text.count - 2] == UInt8(ascii: "=") ? 2 : 1) : 0
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: text.count / 4 * 3 - padding))
        let valid = out.withUnsafeMutableBufferPointer { buffer in
            values.withUnsafeBufferPointer { table in
                decode(text, padding, table, into: UnsafeMutableBufferPointer(rebasing: buffer[start...]))
            }
        }
        if !valid { out.removeLast(out.count - start) }
        return valid
    }

    private static func decode(_ text: UnsafeBufferPointer<UInt8>, _ padding: Int, _ table: UnsafeBufferPointer<UInt8>,
                               into out: UnsafeMutableBufferPointer<UInt8>) -> Bool {
        var bad: UInt8 = 0, o = 0, i = 0
        let full = text.count - (padding > 0 ? 4 : 0)
        while i < full {
            let a = table[Int(text[i])], b = table[Int(text[i + 1])], c = table[Int(text[i + 2])], d = table[Int(text[i + 3])]
            bad |= a | b | c | d
            let word = UInt32(a & 63) << 18 | UInt32(b & 63) << 12 | UInt32(c & 63) << 6 | UInt32(d & 63)
            out[o] = UInt8(word >> 16)
            out[o + 1] = UInt8(word >> 8 & 0xFF)
            out[o + 2] = UInt8(word & 0xFF)
            i += 4
            o += 3
        }
        guard bad & 0xC0 == 0 else { return false }
        guard padding > 0 else { return true }
        let a = table[Int(text[i])], b = table[Int(text[i + 1])]
        let c = padding == 1 ? table[Int(text[i + 2])] : 0
        guard (a | b | c) & 0xC0 == 0 else { return false }
        let word = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6
        out[o] = UInt8(word >> 16)
        if padding == 1 { out[o + 1] = UInt8(word >> 8 & 0xFF) }
        return true
    }
}
