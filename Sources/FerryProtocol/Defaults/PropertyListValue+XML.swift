import FoundationEssentials

extension PropertyListValue {
    /// Reads an XML or binary property list (Foundation's decoder: defaults hold reals, dates and
    /// data, which the manifests' fast reader leaves to it anyway).
    ///
    /// - Parameter bytes: The whole file.
    /// - Throws: `DecodingError` when the bytes are not a property list.
    public init(propertyList bytes: [UInt8]) throws {
        self = try PropertyListDecoder().decode(PropertyListValue.self, from: Data(bytes))
    }

    /// The value as an XML property list document, dictionary keys sorted and tabs for indents,
    /// as Apple's tools write it.
    public func xmlDocument() -> [UInt8] {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        appendXML(to: &out, depth: 0)
        out += "</plist>\n"
        return Array(out.utf8)
    }

    private func appendXML(to out: inout String, depth: Int) {
        let indent = String(repeating: "\t", count: depth)
        switch self {
        case .string(let text): out += indent + "<string>" + Self.escaped(text) + "</string>\n"
        case .integer(let number): out += indent + "<integer>\(number)</integer>\n"
        case .real(let number): out += indent + "<real>" + Self.realText(number) + "</real>\n"
        case .boolean(let flag): out += indent + (flag ? "<true/>\n" : "<false/>\n")
        case .date(let date): out += indent + "<date>" + Self.dateText(date) + "</date>\n"
        case .data(let bytes): out += indent + "<data>" + Self.base64(bytes) + "</data>\n"
        case .array(let elements) where elements.isEmpty: out += indent + "<array/>\n"
        case .array(let elements):
            out += indent + "<array>\n"
            for element in elements { element.appendXML(to: &out, depth: depth + 1) }
            out += indent + "</array>\n"
        case .dictionary(let entries) where entries.isEmpty: out += indent + "<dict/>\n"
        case .dictionary(let entries):
            out += indent + "<dict>\n"
            for key in entries.keys.sorted() {
                out += indent + "\t<key>" + Self.escaped(key) + "</key>\n"
                entries[key]!.appendXML(to: &out, depth: depth + 1)
            }
            out += indent + "</dict>\n"
        }
    }

    static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }) else {
            return text
        }
        return text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }

    /// A real as a plist writes it: shortest round-trip digits, `nan` and `±inf` spelled out.
    static func realText(_ number: Double) -> String {
        if number.isNaN { return "nan" }
        if number.isInfinite { return number < 0 ? "-inf" : "+inf" }
        return "\(number)"
    }

    /// ISO 8601 in UTC, to the second, as plist dates are.
    static func dateText(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }

    static func base64(_ bytes: Data) -> String {
        var out: [UInt8] = []
        bytes.withUnsafeBytes { Base64.encode($0, appendingTo: &out) }
        return String(decoding: out, as: UTF8.self)
    }
}
