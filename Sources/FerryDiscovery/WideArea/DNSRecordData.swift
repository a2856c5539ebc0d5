/// The record data DNS-SD uses (RFC 6763 §4–§6): PTR, SRV, TXT and A/AAAA, to and from bytes.
public enum DNSRecordData {
    public static func ptr(_ target: DNSName) -> [UInt8] {
        var out: [UInt8] = []
        target.write(to: &out)
        return out
    }

    /// RFC 2782: priority, weight, port, target.
    public static func srv(port: UInt16, target: DNSName, priority: UInt16 = 0, weight: UInt16 = 0) -> [UInt8] {
        var out: [UInt8] = []
        out.append16(priority)
        out.append16(weight)
        out.append16(port)
        target.write(to: &out)
        return out
    }

    /// Each string behind its length byte; an empty record is one empty string (RFC 6763 §6.1).
    public static func txt(_ strings: [String]) -> [UInt8] {
        var out: [UInt8] = []
        for string in strings {
            let bytes = Array(string.utf8.prefix(255))
            out.append(UInt8(bytes.count))
            out += bytes
        }
        return out.isEmpty ? [0] : out
    }

    /// An IPv4 address in dotted text as A data; nil for anything else.
    public static func a(_ address: String) -> [UInt8]? {
        let parts = address.split(separator: ".", omittingEmptySubsequences: false).compactMap { UInt8($0) }
        return parts.count == 4 && address.split(separator: ".", omittingEmptySubsequences: false).count == 4 ? parts : nil
    }

    public static func readPTR(_ data: [UInt8]) -> DNSName? {
        var reader = DNSReader(data)
        guard let name = try? reader.readName(), reader.offset == data.count else { return nil }
        return name
    }

    public static func readSRV(_ data: [UInt8]) -> (port: UInt16, target: DNSName)? {
        guard data.count >= 7 else { return nil }
        var reader = DNSReader(data)
        reader.offset = 4
        guard let port = try? reader.read16(), let target = try? reader.readName(), reader.offset == data.count else { return nil }
        return (port, target)
    }

    public static func readTXT(_ data: [UInt8]) -> [String] {
        var strings: [String] = []
        var index = 0
        while index < data.count {
            let end = index + 1 + Int(data[index])
            guard end <= data.count else { break }
            strings.append(String(decoding: data[index + 1..<end], as: UTF8.self))
            index = end
        }
        return strings.filter { !$0.isEmpty }
    }

    /// Dotted text of A data, or colon text of AAAA data (uncompressed groups).
    public static func readAddress(_ data: [UInt8]) -> String? {
        switch data.count {
        case 4: return data.map(String.init).joined(separator: ".")
        case 16: return stride(from: 0, to: 16, by: 2).map { String(UInt16(data[$0]) << 8 | UInt16(data[$0 + 1]), radix: 16) }.joined(separator: ":")
        default: return nil
        }
    }
}
