import FerryCore
import FoundationEssentials

/// The LocalSend devices seen lately, by fingerprint. A device that stops announcing is dropped
/// after ``maximumAge`` seconds, on the next insert or listing. The table is bounded by a
/// ``LocalSendPeerBudget``: devices added by hand and trusted ones are never pushed out.
public actor LocalSendPeerTable {
    var peers: [String: LocalSendPeer] = [:]
    /// This device's own fingerprint: its announcements come back by multicast loop.
    var own: String
    let maximumAge: Double
    let budget: LocalSendPeerBudget
    /// Devices added by hand (`ferry peers add HOST:PORT`), by fingerprint: kept until removed.
    var manual: Set<String> = []
    var trust = TrustedFingerprints()
    let clock: @Sendable () -> Double

    /// - Parameters:
    ///   - ownFingerprint: This device's, when known now (else ``setOwnFingerprint(_:)``).
    ///   - maximumAge: Seconds a device stays without being heard (default 180).
    ///   - budget: The table's size and each address's share.
    ///   - clock: Seconds since the Unix epoch (tests pass their own).
    public init(ownFingerprint: String = "", maximumAge: Double = 180, budget: LocalSendPeerBudget = LocalSendPeerBudget(),
                clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        own = ownFingerprint.lowercased()
        self.maximumAge = maximumAge
        self.budget = budget
        self.clock = clock
    }

    /// This device's fingerprint, once its identity is loaded: its own messages are ignored.
    public func setOwnFingerprint(_ fingerprint: String) {
        own = fingerprint.lowercased()
    }

    /// How to read the trusted fingerprints (lowercase hex), whose rows are never pushed out; read
    /// at most every ``TrustedFingerprints/refresh`` seconds.
    public func setTrusted(_ load: @escaping @Sendable () -> Set<String>) {
        trust = TrustedFingerprints(load: load)
    }

    /// Records a device. A certificate's fingerprint wins over the declared one; an entry at the
    /// same address and port under another fingerprint is replaced when it is no stronger. A
    /// weaker word about a known device (a multicast datagram about a verified one) only marks it
    /// seen, from its own address, and changes nothing else.
    ///
    /// - Parameters:
    ///   - announced: Whether this is a multicast datagram (whose source anyone can forge) rather
    ///     than a connection from `address`.
    ///   - manual: Added by hand: kept until ``removeManual(address:port:)``.
    public func upsert(_ info: LocalSendInfo, address: String, certificate: String?, manual: Bool = false, announced: Bool = false) {
        let fingerprint = (certificate ?? info.fingerprint).lowercased()
        guard !fingerprint.isEmpty, fingerprint != own, info.fingerprint.lowercased() != own else { return }
        let now = clock()
        let standing: LocalSendPeer.Standing = certificate != nil ? .verified : announced ? .announced : .connected
        let peer = LocalSendPeer(info: Self.recorded(info), address: address, fingerprint: fingerprint, lastSeen: now, standing: standing)
        prune(now: now)
        if manual { self.manual.insert(fingerprint) }
        if let known = peers[fingerprint], known.standing > standing {
            if known.address == address { peers[fingerprint]?.lastSeen = now }
            return
        }
        guard clearAddress(for: peer, manual: manual) else { return }
        if peers[fingerprint] == nil, !manual {
            switch budget.admit(peer, into: peers.values, protected: isProtected) {
            case .refuse: return
            case .admit(let evicting): if let evicting { peers[evicting] = nil }
            }
        }
        peers[fingerprint] = peer
    }

    /// Forgets the device added by hand at `address:port`.
    /// - Returns: Whether there was one.
    public func removeManual(address: String, port: Int) -> Bool {
        guard let (fingerprint, _) = peers.first(where: { manual.contains($0.key) && $0.value.address == address && $0.value.port == port }) else {
            return false
        }
        manual.remove(fingerprint)
        peers[fingerprint] = nil
        return true
    }

    /// The devices seen within ``maximumAge``, by alias.
    public func list() -> [LocalSendPeer] {
        prune(now: clock())
        return peers.values.sorted { ($0.info.alias.lowercased(), $0.fingerprint) < ($1.info.alias.lowercased(), $1.fingerprint) }
    }

    /// Rows held now, stale ones included (tests).
    var count: Int { peers.count }

    /// Drops the devices not heard within ``maximumAge`` (not those added by hand).
    func prune(now: Double) {
        peers = peers.filter { manual.contains($0.key) || now - $0.value.lastSeen < maximumAge }
    }

    /// Removes the other rows at `peer`'s address and port, unless one is stronger or protected.
    /// - Returns: Whether `peer` may be recorded.
    private func clearAddress(for peer: LocalSendPeer, manual: Bool) -> Bool {
        let others = peers.values.filter { $0.fingerprint != peer.fingerprint && $0.address == peer.address && $0.port == peer.port }
        if !manual, others.contains(where: { $0.standing > peer.standing || isProtected($0.fingerprint) }) { return false }
        for other in others { peers[other.fingerprint] = nil; self.manual.remove(other.fingerprint) }
        return true
    }

    private func isProtected(_ fingerprint: String) -> Bool {
        manual.contains(fingerprint) || trust.contains(fingerprint, now: clock())
    }

    /// `info` as recorded: the alias and model printable and cut to 64 characters, no `announce`.
    static func recorded(_ info: LocalSendInfo) -> LocalSendInfo {
        var info = info
        info.alias = String(PeerText.printable(info.alias).prefix(64))
        info.deviceModel = info.deviceModel.map { String(PeerText.printable($0).prefix(64)) }
        info.announce = nil
        return info
    }
}
