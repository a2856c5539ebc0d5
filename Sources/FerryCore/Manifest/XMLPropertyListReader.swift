/// Reads the plain XML property lists real manifests are (dictionaries, arrays, strings, integers,
/// booleans) without Foundation's `PropertyListDecoder`. The decoder's generic `Codable` path
/// instantiates its container types at run time, and each instantiation checks its requirements
/// by scanning every protocol conformance in the binary: about 2 million instructions and most of
/// the page faults of a `ferry open`, where opening the URL needs a tenth of that.
///
/// It is strict: anything it is not sure to read exactly as the decoder does (reals, dates, data,
/// comments, CDATA, numeric character references, a carriage return, a byte-order mark, a
/// repeated key, text that is not UTF-8) makes it return nil, and the caller asks the decoder.
enum XMLPropertyListReader {
    /// The value of `bytes`, or nil when the decoder must read them.
    static func read(_ bytes: [UInt8]) -> PropertyListValue? {
        var reader = Cursor(bytes: bytes)
        return reader.document()
    }
}

private struct Cursor {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// `<?xml …?>`, an optional `<!DOCTYPE …>`, then `<plist …>` VALUE `</plist>` and nothing else.
    mutating func document() -> PropertyListValue? {
        skipSpace()
        if take("<?xml") { guard skip(past: "?>") else { return nil } }
        skipSpace()
        if take("<!DOCTYPE") { guard skipDoctype() else { return nil } }
        skipSpace()
        guard take("<plist"), index < bytes.count, [0x20, 0x3E].contains(bytes[index]),
              skip(past: ">"), bytes[index - 2] != UInt8(ascii: "/") else { return nil }
        guard let value = value() else { return nil }
        skipSpace()
        guard take("</plist>") else { return nil }
        skipSpace()
        return index == bytes.count ? value : nil
    }

    mutating func value() -> PropertyListValue? {
        skipSpace()
        if take("<dict>") { return dictionary() }
        if take("<dict/>") { return .dictionary([:]) }
        if take("<array>") { return array() }
        if take("<array/>") { return .array([]) }
        if take("<string>") { return text(until: "</string>").map(PropertyListValue.string) }
        if take("<string/>") { return .string("") }
        if take("<true/>") { return .boolean(true) }
        if take("<false/>") { return .boolean(false) }
        if take("<integer>") { return integer() }
        return nil
    }

    mutating func dictionary() -> PropertyListValue? {
        var entries: [String: PropertyListValue] = [:]
        while true {
            skipSpace()
            if take("</dict>") { return .dictionary(entries) }
            guard take("<key>"), let key = text(until: "</key>"), entries[key] == nil,
                  let value = value() else { return nil }
            entries[key] = value
        }
    }

    mutating func array() -> PropertyListValue? {
        var elements: [PropertyListValue] = []
        while true {
            skipSpace()
            if take("</array>") { return .array(elements) }
            guard let element = value() else { return nil }
            elements.append(element)
        }
    }

    /// A decimal integer that fits in an `Int`, then `</integer>`.
    mutating func integer() -> PropertyListValue? {
        guard let text = text(until: "</integer>"), let number = Int(text),
              text.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || ($0 >= 0x30 && $0 <= 0x39) }) else { return nil }
        return .integer(number)
    }

    /// Character data up to `end` (consumed), with the five named entities replaced.
    mutating func text(until end: String) -> String? {
        guard let stop = bytes[index...].firstIndex(of: UInt8(ascii: "<")) else { return nil }
        let raw = bytes[index..<stop]
        index = stop
        guard take(end), !raw.contains(UInt8(ascii: "\r")) else { return nil }
        guard raw.contains(UInt8(ascii: "&")) else { return String(validating: raw, as: UTF8.self) }
        return Self.unescaped(raw)
    }

    private static let entities: [(name: [UInt8], byte: UInt8)] = [
        (Array("amp;".utf8), UInt8(ascii: "&")), (Array("lt;".utf8), UInt8(ascii: "<")),
        (Array("gt;".utf8), UInt8(ascii: ">")), (Array("quot;".utf8), UInt8(ascii: "\"")),
        (Array("apos;".utf8), UInt8(ascii: "'")),
    ]

    private static func unescaped(_ raw: ArraySlice<UInt8>) -> String? {
        var output: [UInt8] = [], rest = raw[...]
        while let ampersand = rest.firstIndex(of: UInt8(ascii: "&")) {
            output += rest[..<ampersand]
            rest = rest[(ampersand + 1)...]
            guard let entity = entities.first(where: { rest.starts(with: $0.name) }) else { return nil }
            output.append(entity.byte)
            rest = rest.dropFirst(entity.name.count)
        }
        output += rest
        return String(validating: output, as: UTF8.self)
    }

    mutating func take(_ literal: String) -> Bool {
        let utf8 = Array(literal.utf8)
        guard bytes[index...].starts(with: utf8) else { return false }
        index += utf8.count
        return true
    }

    /// Moves past the next `terminator`; false when there is none.
    mutating func skip(past terminator: String) -> Bool {
        let target = Array(terminator.utf8)
        while index < bytes.count {
            if bytes[index...].starts(with: target) {
                index += target.count
                return true
            }
            index += 1
        }
        return false
    }

    /// A DOCTYPE without an internal subset (`[`), up to its `>`.
    mutating func skipDoctype() -> Bool {
        guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")),
              !bytes[index..<close].contains(UInt8(ascii: "[")) else { return false }
        index = close + 1
        return true
    }

    mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A].contains(bytes[index]) { index += 1 }
    }
}
