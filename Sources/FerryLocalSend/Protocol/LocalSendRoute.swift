import FerryCore

/// LocalSend v2's API endpoints (§4, §5), shared by its client and its server: each path is
/// written here once.
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

    /// The endpoint a request's path names, or nil for any other path.
    public init?(path: String) {
        guard path.hasPrefix(Self.prefix) else { return nil }
        self.init(rawValue: String(path.dropFirst(Self.prefix.count)))
    }

    /// The request target: the path and the query's pairs (those with a value) percent-encoded,
    /// in the order given.
    public func target(_ query: KeyValuePairs<String, String?> = [:]) -> String {
        let pairs = query.compactMap { name, value in value.map { name + "=" + PercentEncoding.alphanumerics($0) } }
        return pairs.isEmpty ? path : path + "?" + pairs.joined(separator: "&")
    }
}
