/// An absolute URL checked strictly against RFC 3986, kept exactly as given.
///
/// Ferry passes ``string`` to handlers unchanged; the parts are for routing and for `--explain`.
public struct FerryURL: Sendable, Equatable, CustomStringConvertible {
    /// The URL as given.
    public let string: String
    /// The scheme, lowercased.
    public let scheme: String
    /// The authority (`user@host:port`), when the URL has `//`.
    public let authority: String?
    /// The path, possibly empty.
    public let path: String
    /// The query without `?`.
    public let query: String?
    /// The fragment without `#`.
    public let fragment: String?

    /// The longest URL accepted: far below Linux's 128 KiB limit on one argument.
    public static let maximumLength = 65_536

    /// Parses `string` as an absolute URI.
    ///
    /// - Throws: ``URLSyntaxError`` naming the character or part at fault.
    public init(_ string: String) throws(URLSyntaxError) {
        var parser = URLParser(string)
        let parts = try parser.parse()
        self.string = string
        self.scheme = parts.scheme.lowercased()
        self.authority = parts.authority
        self.path = parts.path
        self.query = parts.query
        self.fragment = parts.fragment
    }

    public var description: String { string }

    /// The host inside the authority, without user info, port or IPv6 brackets.
    public var host: String? {
        guard var rest = authority?[...] else { return nil }
        if let at = rest.firstIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            return String(rest[rest.index(after: rest.startIndex)..<close])
        }
        if let colon = rest.lastIndex(of: ":") { rest = rest[..<colon] }
        return String(rest)
    }
}
