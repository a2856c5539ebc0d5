/// One device files can be sent to: a row of the share sheet (`ferry send` without `--to`, and
/// FerryKit's `availablePeers()`).
public struct SharePeer: Sendable, Equatable, Codable {
    /// The name discovery found it under; `ferry send --to NAME` takes it.
    public var name: String
    /// `HOST:PORT` (`[V6]:PORT`) of its transfer listener.
    public var address: String
    /// Its receiving mode as it announces it (`off`, `contacts`, `everyone`), if known.
    public var mode: String?
    /// Whether this device trusts it (paired, or `ferry trust add`).
    public var trusted: Bool
    /// Its certificate fingerprint as announced.
    public var fingerprint: String

    /// Makes a row; ``rows(_:trusted:)`` makes them from ferryd's answers.
    public init(name: String, address: String, mode: String?, trusted: Bool, fingerprint: String) {
        self.name = name
        self.address = address
        self.mode = mode
        self.trusted = trusted
        self.fingerprint = fingerprint
    }

    /// The share sheet's rows from ferryd's peer table: peers that announce a fingerprint (others
    /// cannot be sent to), trusted ones first, then by name.
    ///
    /// - Parameter trusted: The fingerprints in the trust store.
    public static func rows(_ peers: [DaemonReply.PeerRow], trusted: Set<String>) -> [SharePeer] {
        peers.compactMap { peer -> SharePeer? in
            guard let fingerprint = peer.fingerprint?.lowercased() else { return nil }
            let host = peer.addresses.first ?? peer.host
            let address = host.contains(":") ? "[\(host)]:\(peer.port)" : "\(host):\(peer.port)"
            return SharePeer(name: peer.name, address: address, mode: peer.mode,
                             trusted: trusted.contains(fingerprint), fingerprint: fingerprint)
        }.sorted { ($0.trusted ? 0 : 1, $0.name) < ($1.trusted ? 0 : 1, $1.name) }
    }
}
