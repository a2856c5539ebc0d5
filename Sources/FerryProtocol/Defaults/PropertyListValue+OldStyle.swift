import FoundationEssentials

extension PropertyListValue {
    /// The value as macOS `defaults read` prints it: old-style (OpenStep) property-list text,
    /// dictionary keys sorted, four spaces per level (and the odd indent before a nested
    /// collection that NSDictionary's description has), booleans as 1 and 0, data as `<hex>`.
    /// Strings are quoted unless they are ASCII letters and digits only; other text is written
    /// as UTF-8 (macOS escapes it as `\U00e9`).
    public func oldStyleText() -> String {
        var out = ""
        appendOldStyle(to: &out, level: 0)
        return out
    }

    /// What `defaults read DOMAIN KEY` prints: a string as it is, anything else as old-style text.
    public var defaultsReadText: String {
        if case .string(let text) = self { return text }
        return oldStyleText()
    }

    private func appendOldStyle(to out: inout String, level: Int) {
        let closing = String(repeating: "    ", count: level)
        let inner = String(repeating: "    ", count: level + 1)
        switch self {
        case .string(let text): out += Self.quoted(text)
        case .integer(let number): out += "\(number)"
        case .real(let number): out += Self.realText(number)
        case .boolean(let flag): out += flag ? "1" : "0"
        case .date(let date): out += "\"" + Self.oldStyleDate(date) + "\""
        case .data(let bytes): out += "<" + bytes.map { Self.hex($0) }.joined() + ">"
        case .array(let elements):
            out += "(\n"
            for (index, element) in elements.enumerated() {
                out += inner
                element.appendNested(to: &out, level: level + 1)
                out += index == elements.count - 1 ? "\n" : ",\n"
            }
            out += closing + ")"
        case .dictionary(let entries):
            out += "{\n"
            for key in entries.keys.sorted() {
                out += inner + Self.quoted(key) + " = "
                entries[key]!.appendNested(to: &out, level: level + 1)
                out += ";\n"
            }
            out += closing + "}"
        }
    }

    /// A collection inside another starts after its own level's indent, as macOS prints it.
    private func appendNested(to out: inout String, level: Int) {
        switch self {
        case .array, .dictionary: out += String(repeating: "    ", count: level)
        default: break
        }
        appendOldStyle(to: &out, level: level)
    }

    static func quoted(_ text: String) -> String {
        let bare = !text.isEmpty && text.utf8.allSatisfy { $0 < 0x80 && (($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || $0 >= 0x30 && $0 <= 0x39) }
        if bare { return text }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `2026-11-27 23:41:02 +0000`, as NSDate's description.
    static func oldStyleDate(_ date: Date) -> String {
        let iso = dateText(date)
        return String(iso.prefix(10)) + " " + String(iso.dropFirst(11).prefix(8)) + " +0000"
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
