/// A strict RFC 3986 `absolute-URI [ "#" fragment ]` parser over UTF-8 bytes.
struct URLParser {
    struct Parts {
        var scheme: String
        var authority: String?
        var path: String
        var query: String?
        var fragment: String?
    }

    private let input: String
    private let bytes: [UInt8]

    init(_ input: String) {
        self.input = input
        self.bytes = Array(input.utf8)
    }

    mutating func parse() throws(URLSyntaxError) -> Parts {
        guard !bytes.isEmpty else { throw fail("the URL is empty") }
        guard bytes.count <= FerryURL.maximumLength else {
            throw fail("it is \(bytes.count) bytes long; the limit is \(FerryURL.maximumLength)", suggest: false)
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else {
            throw fail("it has no scheme (expected SCHEME:..., like todolist://...)", suggest: false)
        }
        guard URLScheme.isValid(bytes[..<colon]) else {
            throw fail("\"\(text(0..<colon))\" is not a valid scheme \(URLScheme.rule)", suggest: false)
        }
        var parts = Parts(scheme: text(0..<colon), path: "")
        let hashIndex = bytes[(colon + 1)...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
        let queryIndex = bytes[(colon + 1)..<hashIndex].firstIndex(of: UInt8(ascii: "?")) ?? hashIndex
        try parseHierarchy(colon + 1..<queryIndex, into: &parts)
        if queryIndex < hashIndex {
            try check(queryIndex + 1..<hashIndex, part: "query", allowing: URLCharacters.queryOrFragment)
            parts.query = text(queryIndex + 1..<hashIndex)
        }
        if hashIndex < bytes.count {
            try check(hashIndex + 1..<bytes.count, part: "fragment", allowing: URLCharacters.queryOrFragment)
            parts.fragment = text(hashIndex + 1..<bytes.count)
        }
        return parts
    }

    private func parseHierarchy(_ range: Range<Int>, into parts: inout Parts) throws(URLSyntaxError) {
        var pathStart = range.lowerBound
        if bytes[range].starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) {
            let start = range.lowerBound + 2
            let end = bytes[start..<range.upperBound].firstIndex(of: UInt8(ascii: "/")) ?? range.upperBound
            try checkAuthority(start..<end)
            parts.authority = text(start..<end)
            pathStart = end
        }
        try check(pathStart..<range.upperBound, part: "path", allowing: URLCharacters.path)
        parts.path = text(pathStart..<range.upperBound)
    }

    private func checkAuthority(_ range: Range<Int>) throws(URLSyntaxError) {
        var hostStart = range.lowerBound
        if let at = bytes[range].firstIndex(of: UInt8(ascii: "@")) {
            try check(range.lowerBound..<at, part: "user info", allowing: URLCharacters.userInfo)
            hostStart = at + 1
        }
        var hostEnd = range.upperBound
        if bytes[hostStart..<range.upperBound].first == UInt8(ascii: "[") {
            guard let close = bytes[hostStart..<range.upperBound].firstIndex(of: UInt8(ascii: "]")) else {
                throw fail("the IP literal in the host has no closing \"]\"", suggest: false)
            }
            try check(hostStart + 1..<close, part: "IP literal", allowing: URLCharacters.ipLiteral)
            hostEnd = close + 1
        } else {
            hostEnd = bytes[hostStart..<range.upperBound].lastIndex(of: UInt8(ascii: ":")) ?? range.upperBound
            try check(hostStart..<hostEnd, part: "host", allowing: URLCharacters.regName)
        }
        try checkPort(hostEnd..<range.upperBound)
    }

    private func checkPort(_ range: Range<Int>) throws(URLSyntaxError) {
        guard !range.isEmpty else { return }
        guard bytes[range.lowerBound] == UInt8(ascii: ":") else {
            throw fail("unexpected \"\(text(range))\" after the host's \"]\"", suggest: false)
        }
        if let bad = bytes[(range.lowerBound + 1)..<range.upperBound].firstIndex(where: { !$0.isASCIIDigit }) {
            throw fail("the port has \(describe(bad)), only digits are allowed", suggest: false)
        }
    }

    /// Checks that every byte in `range` is allowed or a valid `%XX` escape.
    private func check(_ range: Range<Int>, part: String, allowing allowed: URLCharacters.Set) throws(URLSyntaxError) {
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < range.upperBound,
                      bytes[index + 1].isHexDigit, bytes[index + 2].isHexDigit
                else { throw fail("\"%\" at position \(index + 1) does not start a %XX escape") }
                index += 3
                continue
            }
            guard allowed.contains(byte) else {
                throw fail("\(describe(index)) is not allowed in the \(part)")
            }
            index += 1
        }
    }

    private func describe(_ index: Int) -> String {
        let byte = bytes[index]
        let name: String
        if byte == UInt8(ascii: " ") {
            name = "a space"
        } else if byte < 0x20 || byte == 0x7F {
            name = "a control character"
        } else if byte >= 0x80 {
            name = "a non-ASCII character"
        } else {
            name = "\"\(Character(Unicode.Scalar(byte)))\""
        }
        return "\(name) at position \(index + 1)"
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private func fail(_ reason: String, suggest: Bool = true) -> URLSyntaxError {
        let repaired = suggest ? URLCharacters.percentEncoded(bytes) : input
        return URLSyntaxError(input: input, reason: reason, suggestion: repaired == input ? nil : repaired)
    }
}

extension UInt8 {
    var isHexDigit: Bool {
        isASCIIDigit || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}
