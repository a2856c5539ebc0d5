/// A domain name as labels of bytes: a DNS-SD instance name is one label that may hold dots and
/// spaces (`Ferry A._ferry._tcp.example.org`), so names are built from labels, not parsed from text.
public struct DNSName: Sendable, Hashable, CustomStringConvertible {
    public private(set) var labels: [[UInt8]]

    /// RFC 1035 §2.3.4.
    public static let maximumLength = 255

    /// - Throws: ``DNSWireError`` for an empty or over-long label, or a name over 255 bytes.
    public init(labels: [[UInt8]]) throws(DNSWireError) {
        for label in labels where label.isEmpty || label.count > 63 {
            throw DNSWireError("a label of \(label.count) bytes (1 to 63)")
        }
        guard labels.reduce(1, { $0 + 1 + $1.count }) <= Self.maximumLength else { throw DNSWireError("a name over 255 bytes") }
        self.labels = labels
    }

    /// A name in dotted text without escapes (`ferry.example.org`, a trailing dot allowed).
    public init(_ text: String) throws(DNSWireError) {
        var parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Array($0.utf8) }
        if parts.last?.isEmpty == true { parts.removeLast() }
        try self.init(labels: text == "." ? [] : parts)
    }

    /// `label` in front of this name.
    public func prepending(_ label: String) throws(DNSWireError) -> DNSName {
        try DNSName(labels: [Array(label.utf8)] + labels)
    }

    /// The first label as text (an instance name).
    public var first: String { labels.first.map { String(decoding: $0, as: UTF8.self) } ?? "" }

    /// The name without its first label.
    public var parent: DNSName { (try? DNSName(labels: Array(labels.dropFirst()))) ?? self }

    /// Compares as DNS does: ASCII letters in any case.
    public func matches(_ other: DNSName) -> Bool {
        labels.count == other.labels.count && zip(labels, other.labels).allSatisfy { $0.map(Self.lower) == $1.map(Self.lower) }
    }

    /// Lower-cased, as TSIG and DNSSEC sign names (RFC 8945 §4.3.3).
    public var canonical: DNSName { (try? DNSName(labels: labels.map { $0.map(Self.lower) })) ?? self }

    public var description: String {
        labels.isEmpty ? "." : labels.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ".")
    }

    func write(to out: inout [UInt8]) {
        for label in labels {
            out.append(UInt8(label.count))
            out += label
        }
        out.append(0)
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }
}

/// Reads a message front to back; names may point back into what was read already.
struct DNSReader {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func read8() throws(DNSWireError) -> UInt8 {
        guard offset < bytes.count else { throw DNSWireError("ends early at byte \(offset)") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func read16() throws(DNSWireError) -> UInt16 {
        UInt16(try read8()) << 8 | UInt16(try read8())
    }

    mutating func read32() throws(DNSWireError) -> UInt32 {
        UInt32(try read16()) << 16 | UInt32(try read16())
    }

    mutating func readBytes(_ count: Int) throws(DNSWireError) -> [UInt8] {
        guard count >= 0, count <= bytes.count - offset else { throw DNSWireError("ends early at byte \(offset)") }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    /// A name at the current offset. A pointer must point before the label that holds it, so every
    /// jump goes backwards and reading ends.
    mutating func readName() throws(DNSWireError) -> DNSName {
        var labels: [[UInt8]] = []
        var position = offset
        var resumeAt: Int?
        while true {
            guard position < bytes.count else { throw DNSWireError("a name runs past the end") }
            let length = bytes[position]
            switch length & 0xC0 {
            case 0x00:
                if length == 0 {
                    offset = resumeAt ?? position + 1
                    return try DNSName(labels: labels)
                }
                guard position + 1 + Int(length) <= bytes.count else { throw DNSWireError("a label runs past the end") }
                labels.append(Array(bytes[position + 1...position + Int(length)]))
                guard labels.count <= 127 else { throw DNSWireError("a name of too many labels") }
                position += 1 + Int(length)
            case 0xC0:
                guard position + 1 < bytes.count else { throw DNSWireError("a pointer runs past the end") }
                let target = Int(length & 0x3F) << 8 | Int(bytes[position + 1])
                guard target < position else { throw DNSWireError("a pointer that does not point back") }
                if resumeAt == nil { resumeAt = position + 2 }
                position = target
            default:
                throw DNSWireError("a label type \(length >> 6) we do not know")
            }
        }
    }

    /// RDATA of `count` bytes. Names in PTR and SRV data are expanded, so the data stands alone.
    mutating func readData(_ count: Int, type: DNSType) throws(DNSWireError) -> [UInt8] {
        guard count <= bytes.count - offset else { throw DNSWireError("record data runs past the end") }
        let end = offset + count
        var data: [UInt8] = []
        switch type {
        case .ptr:
            try readName().write(to: &data)
        case .srv:
            data = try readBytes(6)
            try readName().write(to: &data)
        default:
            return try readBytes(count)
        }
        guard offset == end else { throw DNSWireError("record data of the wrong length") }
        return data
    }
}
