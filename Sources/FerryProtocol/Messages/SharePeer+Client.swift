extension SharePeer {
    /// The share sheet's rows from ferryd's results to a `peers` and a `trust` (`list`) request.
    public static func rows(table: DaemonReply.Result, trust: DaemonReply.Result) -> [SharePeer] {
        rows(table.peers ?? [], trusted: Set((trust.trusted ?? []).map { $0.fingerprint.lowercased() }))
    }
}
