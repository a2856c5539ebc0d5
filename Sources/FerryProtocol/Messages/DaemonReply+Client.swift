// The rows a result carries, named where a client reads them (they are declared with the
// flat frame, which the codec reads them into).

extension DaemonReply {
    /// One row of `ferry ps`.
    public typealias AppStatus = WireFrame.AppStatus
    /// One row of `ferry peers`.
    public typealias PeerRow = WireFrame.PeerRow
    /// A command app's launch, for the client to perform.
    public typealias CommandSpec = WireFrame.CommandSpec
    /// One file of a delivered `send`.
    public typealias Delivery = WireFrame.Delivery
    /// One trusted device.
    public typealias TrustRow = WireFrame.TrustRow
    /// One offer waiting for this user's answer.
    public typealias OfferRow = WireFrame.OfferRow
    /// One pair request waiting for this user's answer.
    public typealias PairRequestRow = WireFrame.PairRequestRow
    /// What is known about a saved state archive.
    public typealias ArchiveInfo = WireFrame.ArchiveInfo
    /// The lock and key state of data protection.
    public typealias ProtectionReport = WireFrame.ProtectionReport
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
