import FerryCore

extension LocalSendPeerTable {
    /// The devices as name candidates (``PeerNameMatch``): alias, fingerprint, address and port.
    public func candidates() -> [PeerCandidate] {
        list().map { PeerCandidate(name: $0.info.alias, fingerprint: $0.fingerprint, host: $0.address, port: $0.port) }
    }

    /// What `name` means among the devices: their alias (case-insensitive), fingerprint (8 or
    /// more of its first hex digits) or address (`HOST` or `HOST:PORT`).
    public func match(_ name: String) -> PeerNameMatch {
        PeerNameMatch.match(name, among: candidates())
    }

    /// The one device `name` means; nil when none does or several do (``match(_:)`` tells which).
    public func peer(named name: String) -> LocalSendPeer? {
        guard case .one(let candidate) = match(name) else { return nil }
        return peers[candidate.fingerprint]
    }
}
