import FerryProtocol

/// A URL handed to the app, kept exactly as sent, with its parts for reading.
///
/// ferryd checks URLs before it routes them, so the parts come from Ferry's strict parser; a URL
/// that parser rejects is split leniently instead, so the app still gets it.
public struct AppURL: Sendable, Hashable, CustomStringConvertible {
    /// The URL exactly as the sender gave it.
    public let string: String
    /// The scheme, lowercased.
    public let scheme: String
    /// The host (without user info or port), when the URL has `//`.
    public let host: String?
    /// The path, possibly empty, still percent-encoded.
    public let path: String
    /// The query without `?`, still percent-encoded.
    public let query: String?
    /// The fragment without `#`, still percent-encoded.
    public let fragment: String?

    /// Splits `string` into its parts.
    public init(_ string: String) {
        self.string = string
        if let url = try? FerryURL(string) {
            (scheme, host, path, query, fragment) = (url.scheme, url.host, url.path, url.query, url.fragment)
        } else {
            (scheme, host, path, query, fragment) = Self.lenientParts(of: string)
        }
    }

    public var description: String { string }

    private static func lenientParts(of string: String) -> (String, String?, String, String?, String?) {
        var rest = Substring(string)
        let scheme = rest.firstIndex(of: ":").map { colon in
            defer { rest = rest[rest.index(after: colon)...] }
            return rest[..<colon].lowercased()
        } ?? ""
        let fragment = split(&rest, at: "#")
        let query = split(&rest, at: "?")
        var host: String?
        if rest.hasPrefix("//") {
            let authority = rest.dropFirst(2).prefix { $0 != "/" }
            rest = rest[authority.endIndex...]
            host = String(authority.split(separator: "@", omittingEmptySubsequences: false).last ?? "")
        }
        return (scheme, host, String(rest), query, fragment)
    }

    /// Cuts `rest` at the first `separator`, returning what follows it.
    private static func split(_ rest: inout Substring, at separator: Character) -> String? {
        guard let index = rest.firstIndex(of: separator) else { return nil }
        defer { rest = rest[..<index] }
        return String(rest[rest.index(after: index)...])
    }
}

extension AppURL {
    /// `text` with every `%XX` escape decoded; `+` stays `+` and a malformed escape stays as it is.
    ///
    /// Bytes that do not form UTF-8 become U+FFFD.
    public static func percentDecoded(_ text: some StringProtocol) -> String {
        String(decoding: PercentEncoding.decodedBytes(text, malformed: .keep) ?? [], as: UTF8.self)
    }
}
