import FerryCore

/// What one `ferry open` argument is: a URL, a local file, or `-` (URLs on stdin).
enum OpenArgument: Equatable {
    case url(String)
    /// A path as given (relative to the working folder unless absolute), or a local `file:` URL's path.
    case path(String)
    case stdin

    /// A path is an argument with no URL scheme (`^[A-Za-z][A-Za-z0-9+.-]*:`); a `file:` URL naming
    /// a file on this machine is read as its path. Anything else is a URL.
    static func classify(_ text: String) -> OpenArgument {
        if text == "-" { return .stdin }
        // An empty line of stdin is skipped, an empty argument an invalid URL, as before.
        if text.isEmpty { return .url(text) }
        guard let colon = text.firstIndex(of: ":"), URLScheme.isValid(String(text[..<colon])) else {
            // `$(APP_URL_SCHEME)://x` is a URL with an invalid scheme (65), as can-open says, not a file.
            let looksLikeURL = text.firstRange(of: "://").map { !text[..<$0.lowerBound].contains("/") } ?? false
            return looksLikeURL ? .url(text) : .path(text)
        }
        // Only a file: URL is parsed here; any other is parsed once, where it is opened.
        guard text[..<colon].lowercased() == "file" else { return .url(text) }
        return localFilePath(text).map(OpenArgument.path) ?? .url(text)
    }

    /// The decoded path of a `file:` URL with no host or `localhost`, or nil (another scheme, a
    /// remote host, or a URL that is not valid: that one is reported as an invalid URL).
    static func localFilePath(_ text: String) -> String? {
        guard let url = try? FerryURL(text), url.scheme == "file", url.path.hasPrefix("/") else { return nil }
        guard [nil, "", "localhost"].contains(url.authority?.lowercased()) else { return nil }
        return percentDecoded(url.path)
    }

    /// `%XX` decoded to bytes, as UTF-8 (a path is bytes; invalid UTF-8 is repaired); nil for a
    /// malformed escape.
    static func percentDecoded(_ text: String) -> String? {
        PercentEncoding.decodedBytes(text, malformed: .fail).map { String(decoding: $0, as: UTF8.self) }
    }
}
