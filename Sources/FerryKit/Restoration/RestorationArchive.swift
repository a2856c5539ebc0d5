/// The saved state of an app as bytes: the app-level coder, then one entry per object in tree
/// order (parents before children). ferryd stores it as an opaque blob.
///
/// Layout: `FKRS`, a format byte (1), a count, then per entry its path (empty for the app
/// level), its restoration class name (empty for none) and its values; strings and values are a
/// 32-bit big-endian length followed by the bytes.
struct RestorationArchive: Equatable {
    struct Entry: Equatable {
        var path: String
        var className: String
        /// Each value's JSON; slices of the archive's bytes when read back, not copies.
        var values: [String: ArraySlice<UInt8>]
    }

    static let magic: [UInt8] = Array("FKRS".utf8) + [1]

    var entries: [Entry]

    init(entries: [Entry]) {
        self.entries = entries
    }

    /// The archive as bytes.
    func bytes() -> [UInt8] {
        var out = Self.magic
        Self.append(UInt32(entries.count), to: &out)
        for entry in entries {
            Self.append(Array(entry.path.utf8), to: &out)
            Self.append(Array(entry.className.utf8), to: &out)
            Self.append(UInt32(entry.values.count), to: &out)
            for key in entry.values.keys.sorted() {
                Self.append(Array(key.utf8), to: &out)
                Self.append(entry.values[key]!, to: &out)
            }
        }
        return out
    }

    /// Reads an archive back.
    ///
    /// - Throws: ``RestorationError`` `damagedArchive` naming the offset where reading failed.
    init(bytes: [UInt8]) throws(RestorationError) {
        var reader = ByteReader(bytes: bytes)
        guard reader.take(Self.magic.count) == Self.magic[...] else {
            throw RestorationError(.damagedArchive, "the state archive does not start with FKRS 1")
        }
        var entries: [Entry] = []
        for _ in 0..<(try reader.count()) {
            let path = try reader.string(), className = try reader.string()
            let count = try reader.count()
            var values: [String: ArraySlice<UInt8>] = [:]
            values.reserveCapacity(min(count, 1024))
            for _ in 0..<count {
                let key = try reader.string()
                values[key] = try reader.blob()
            }
            entries.append(Entry(path: path, className: className, values: values))
        }
        guard reader.isAtEnd else {
            throw RestorationError(.damagedArchive, "the state archive has \(bytes.count - reader.offset) stray bytes at its end")
        }
        self.entries = entries
    }

    private static func append(_ value: UInt32, to out: inout [UInt8]) {
        out += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func append(_ bytes: some Collection<UInt8>, to out: inout [UInt8]) {
        append(UInt32(bytes.count), to: &out)
        out += bytes
    }
}

/// Reads lengths and byte strings off the front of an archive, refusing to run past its end.
private struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    var isAtEnd: Bool { offset == bytes.count }

    mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, bytes.count - offset >= count else { return nil }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    mutating func count() throws(RestorationError) -> Int {
        guard let raw = take(4) else { throw truncated() }
        return raw.reduce(0) { $0 << 8 | Int($1) }
    }

    mutating func blob() throws(RestorationError) -> ArraySlice<UInt8> {
        let length = try count()
        guard let blob = take(length) else { throw truncated() }
        return blob
    }

    mutating func string() throws(RestorationError) -> String {
        let blob = try blob()
        guard let string = blob.withUnsafeBufferPointer(String.init(utf8Bytes:)) else {
            throw RestorationError(.damagedArchive, "the state archive has a string that is not UTF-8 at byte \(offset - blob.count)")
        }
        return string
    }

    private func truncated() -> RestorationError {
        RestorationError(.damagedArchive, "the state archive ends early, at byte \(offset) of \(bytes.count)")
    }
}
