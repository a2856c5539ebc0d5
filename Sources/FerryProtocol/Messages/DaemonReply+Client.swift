extension DaemonReply {
    /// What is known about a saved state archive.
    public typealias ArchiveInfo = AppEvent.ArchiveInfo
}

extension DaemonReply.Result {
    /// The files of a `send` result: `status`, the receiving `app` and the file's `name` in that
    /// app's Inbox.
    public var deliveryItems: [(status: String, app: String, name: String)] {
        (deliveries ?? []).map { ($0.status, $0.app ?? "", $0.name) }
    }

    /// The files of a `send` result as tab-joined rows (`status\tapp\tname`), which
    /// `ferry send --json` prints.
    public var deliveryLines: [String]? {
        deliveries?.map(\.tabSeparatedLine)
    }
}
