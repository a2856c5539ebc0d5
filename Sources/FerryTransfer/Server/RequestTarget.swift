/// A request target as every HTTP reader splits it: the path up to the first `?`, then the
/// query's `&`-separated pairs. Split as UTF-8 bytes, not Characters: a `?`, `&` or `=` after a
/// prepend mark such as U+06DD, or before a combining mark, joins it in one Character, yet it
/// ends the path (or the pair) for every other HTTP reader.
package struct RequestTarget: Sendable {
    /// One query pair as sent: its name and, when it has a `=`, its value (bytes, not decoded).
    package typealias Pair = (name: ArraySlice<UInt8>, value: ArraySlice<UInt8>?)

    package let path: String
    /// The query's pairs in order, empty ones (`&&`) left out.
    package let pairs: [Pair]

    package init(_ uri: String) {
        let bytes = Array(uri.utf8)
        guard let mark = bytes.firstIndex(of: UInt8(ascii: "?")) else {
            (path, pairs) = (uri, [])
            return
        }
        path = String(decoding: bytes[..<mark], as: UTF8.self)
        pairs = bytes[(mark + 1)...].split(separator: UInt8(ascii: "&")).map { pair in
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            return (parts[0], parts.count == 2 ? parts[1] : nil)
        }
    }

    /// The path's segments between slashes, empty ones left out.
    package var segments: [String] { path.split(separator: "/").map(String.init) }

    /// Ferry's reading of the query: pairs with a name and a value, as sent; the last of a name wins.
    package var query: [String: String] {
        var query: [String: String] = [:]
        for (name, value) in pairs {
            guard !name.isEmpty, let value, !value.isEmpty else { continue }
            query[String(decoding: name, as: UTF8.self)] = String(decoding: value, as: UTF8.self)
        }
        return query
    }
}
