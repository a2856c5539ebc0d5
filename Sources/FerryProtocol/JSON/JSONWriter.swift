/// Builds one JSON object as UTF-8 bytes, members in the order written, nil fields left out: the
/// hand-written encoder of wire frames and transfer bodies, several times faster than Codable.
package struct JSONWriter {
    private var bytes: [UInt8] = [UInt8(ascii: "{")]
    private var first = true

    package init() {}

    /// The object followed by a newline: one line of a stream.
    package mutating func finish() -> [UInt8] {
        bytes.append(UInt8(ascii: "}"))
        bytes.append(0x0A)
        return bytes
    }

    /// The object alone, for a body or a file that holds one value.
    package mutating func finishObject() -> [UInt8] {
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    private mutating func key(_ name: String) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        appendString(name)
        bytes.append(UInt8(ascii: ":"))
    }

    package mutating func field(_ name: String, _ value: String?) {
        guard let value else { return }
        key(name)
        appendString(value)
    }

    package mutating func field(_ name: String, _ value: Int?) {
        guard let value else { return }
        key(name)
        bytes.append(contentsOf: String(value).utf8)
    }

    package mutating func field(_ name: String, _ value: UInt64?) {
        guard let value else { return }
        key(name)
        bytes.append(contentsOf: String(value).utf8)
    }

    package mutating func field(_ name: String, _ value: Bool?) {
        guard let value else { return }
        key(name)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    package mutating func field(_ name: String, _ value: Double) {
        key(name)
        bytes.append(contentsOf: (value.isFinite ? String(value) : "0").utf8)
    }

    package mutating func object(_ name: String, _ body: (inout JSONWriter) -> Void) {
        key(name)
        nest(body)
    }

    /// An array of objects, each written by `body`.
    package mutating func array<T>(_ name: String, _ items: [T], _ body: (inout JSONWriter, T) -> Void) {
        key(name)
        bytes.append(UInt8(ascii: "["))
        for (index, item) in items.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            nest { body(&$0, item) }
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Writes a nested object in place: no buffer per object, which mattered for 10,000-file offers.
    private mutating func nest(_ body: (inout JSONWriter) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        first = true
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        first = false
    }

    package mutating func strings(_ name: String, _ list: [String]?) {
        guard let list else { return }
        key(name)
        bytes.append(UInt8(ascii: "["))
        for (index, item) in list.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendString(item)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// A JSON string: quotes, backslashes and control characters escaped; other UTF-8 as is.
    private mutating func appendString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most strings (URLs, ids, base64 state) need no escape: copy them whole.
        let copied = string.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            var plain = true
            for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { plain = false; break }
            if plain { bytes.append(contentsOf: utf8) }
            return plain
        }
        if copied == true {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20:
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(contentsOf: String(byte, radix: 16).leftPadded(to: 2).utf8)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
