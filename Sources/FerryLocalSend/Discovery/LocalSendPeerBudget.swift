/// Which row a full peer table gives up for a newcomer, as a pure value. A stale row is gone
/// before this is asked (the table prunes on every insert). Then a newcomer may push out only a
/// row of its own ``LocalSendPeer/Standing`` or weaker, the weakest and longest silent first,
/// and never a protected one (added by hand, or trusted): a flood of forged multicast datagrams
/// cannot push out a device that connected, and nothing pushes out a trusted one.
///
/// One address holds at most ``perAddress`` rows, so a flood from one host only recycles its own.
public struct LocalSendPeerBudget: Sendable, Equatable {
    /// Rows in the table (default 256).
    public var capacity: Int
    /// Rows one address may hold (default 8).
    public var perAddress: Int

    public init(capacity: Int = 256, perAddress: Int = 8) {
        precondition(capacity > 0 && perAddress > 0, "a peer table holds at least one row")
        self.capacity = capacity
        self.perAddress = perAddress
    }

    /// What to do with a newcomer.
    public enum Decision: Sendable, Equatable {
        /// Record it, after dropping the row with this fingerprint when there is one.
        case admit(evicting: String?)
        /// Every row it could push out is stronger or protected: it is not recorded.
        case refuse
    }

    /// The decision for `newcomer`, whose fingerprint is not among `rows`.
    ///
    /// - Parameter protected: Whether a fingerprint may never be pushed out.
    public func admit(_ newcomer: LocalSendPeer, into rows: some Collection<LocalSendPeer>,
                      protected: (String) -> Bool) -> Decision {
        let neighbours = rows.filter { $0.address == newcomer.address }
        if neighbours.count >= perAddress { return victim(among: neighbours, for: newcomer, protected).map { .admit(evicting: $0) } ?? .refuse }
        if rows.count >= capacity { return victim(among: rows, for: newcomer, protected).map { .admit(evicting: $0) } ?? .refuse }
        return .admit(evicting: nil)
    }

    /// The weakest, longest silent row `newcomer` may push out.
    func victim(among rows: some Collection<LocalSendPeer>, for newcomer: LocalSendPeer, _ protected: (String) -> Bool) -> String? {
        rows.filter { $0.standing <= newcomer.standing && !protected($0.fingerprint) }
            .min { ($0.standing, $0.lastSeen, $0.fingerprint) < ($1.standing, $1.lastSeen, $1.fingerprint) }?.fingerprint
    }
}
