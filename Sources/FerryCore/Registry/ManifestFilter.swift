import FoundationEssentials

/// A cheap byte test that lets `ferry open` skip decoding manifests that cannot mention a word
/// (a scheme or bundle identifier), so one open costs a few decodes, not one per app.
///
/// It only ever says "skip" for encodings where the word must appear as ASCII bytes: binary
/// plists (ASCII strings are stored as bytes) and XML without character references. Anything else
/// is decoded in full, so the answer is the same as with no filter.
public struct ManifestFilter: Sendable {
    let words: [[UInt8]]
    /// The words as given: desktop file ids are case-sensitive file names.
    let original: [String]

    /// A filter that keeps manifests mentioning any of `words`, compared case-insensitively.
    public init(mentioning words: [String]) {
        self.words = words.map { Array($0.lowercased().utf8) }
        original = words
    }

    func mayMatch(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard Self.isPlainEncoding(bytes) else { return true }
            return words.contains { Self.contains(bytes, $0) }
        }
    }

    private static func isPlainEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if bytes.starts(with: Array("bplist".utf8)) { return true }
        guard let first = bytes.first, first == UInt8(ascii: "<") || first == UInt8(ascii: " ")
            || first == 0x0A || first == 0x09 || first == 0x0D else { return false }
        return !contains(bytes, Array("&#".utf8))
    }

    /// Whether `word` (lowercase ASCII) occurs in `bytes`, ignoring ASCII case.
    static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ word: [UInt8]) -> Bool {
        guard let first = word.first, bytes.count >= word.count else { return word.isEmpty }
        var index = 0
        let last = bytes.count - word.count
        while index <= last {
            if bytes[index] | 0x20 == first | 0x20, matches(bytes, at: index, word) { return true }
            index += 1
        }
        return false
    }

    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, _ word: [UInt8]) -> Bool {
        for offset in 1..<word.count where lower(bytes[start + offset]) != word[offset] { return false }
        return true
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }
}
