import FerryCore

/// LocalSend v2's API endpoints (§4, §5), shared by its client and its server: each path is
/// written here once. `info` and `register` are also served at their v1 paths.
public enum LocalSendRoute: String, CaseIterable, Sendable {
    case info
    case register
    case prepareUpload = "prepare-upload"
    case upload
    case cancel
    case prepareDownload = "prepare-download"
    case download

    /// What every endpoint's path starts with.
    public static let prefix = "/api/localsend/v2/"

    /// The endpoint's path, such as `/api/localsend/v2/prepare-upload`.
    public var path: String { Self.prefix + rawValue }

    /// What the legacy v1 API's paths start with.
    public static let legacyPrefix = "/api/localsend/v1/"

    /// Whether the endpoint is served under ``legacyPrefix`` too: LocalSend's own app still
    /// answers v1 `info` and `register`, and v1 clients ask `/info` before they send.
    public var servedOnV1: Bool { self == .info || self == .register }

    /// The endpoint a request's path names (v2, or v1 where ``servedOnV1``), or nil for any other path.
    public init?(path: String) {
        if path.hasPrefix(Self.prefix) {
            self.init(rawValue: String(path.dropFirst(Self.prefix.count)))
            return
        }
        guard path.hasPrefix(Self.legacyPrefix), let route = Self(rawValue: String(path.dropFirst(Self.legacyPrefix.count))),
              route.servedOnV1 else { return nil }
        self = route
    }

    /// The request target: the path and the query's pairs (those with a value) percent-encoded,
    /// in the order given.
    public func target(_ query: KeyValuePairs<String, String?> = [:]) -> String {
        let pairs = query.compactMap { name, value in value.map { name + "=" + PercentEncoding.alphanumerics($0) } }
        return pairs.isEmpty ? path : path + "?" + pairs.joined(separator: "&")
    }
}
