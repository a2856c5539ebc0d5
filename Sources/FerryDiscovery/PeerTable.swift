/// How often peers are checked and when a silent one is dropped.
public struct LivenessPolicy: Sendable {
    /// Between checks of a peer that answered before.
    public var interval: Double = 2
    /// Between checks of a peer that never answered, or stopped answering.
    public var slowInterval: Double = 5
    /// A peer that answered before and has not answered for this long leaves the table.
    public var expireAfter: Double = 8
    /// How long one check may take.
    public var timeout: Double = 1.5

    public init() {}
}

/// The live table of peers: Avahi's announcements and removals, manual peers, and liveness checks.
///
/// A pure state machine: every method takes the time and returns what changed for watchers. Avahi
/// keeps a peer that vanished without a goodbye for minutes (its records' TTL), so a peer that
/// answered a check once and then stops answering expires here after `expireAfter`; it stays known,
/// hidden, and comes back as soon as it answers again. A peer that never answered (a service
/// published without a listener) is shown and follows Avahi's events only.
struct PeerTable {
    enum Liveness: Equatable {
        case unverified, alive, expired
    }

    struct Entry {
        var peer: Peer
        var sightings: [ServiceKey: ResolvedService] = [:]
        var liveness: Liveness = .unverified
        var lastAlive: Double?
        var nextCheck: Double
        var checking = false
        /// How the next check asks: its mDNS responder, or (never answered that way) its port over TCP.
        var askResponder = true

        var visible: Bool { liveness != .expired }
    }

    /// One liveness check to run.
    struct Check: Equatable, Sendable {
        var name: String
        var address: String
        var port: Int
        /// The peer's mDNS host name, asked for at `address`; nil for a TCP check of `port`.
        var hostName: String?
    }

    let policy: LivenessPolicy
    private(set) var entries: [String: Entry] = [:]
    /// Services whose resolver failed, and when to resolve them again.
    private(set) var resolveRetries: [ServiceKey: Double] = [:]

    init(policy: LivenessPolicy = LivenessPolicy()) {
        self.policy = policy
    }

    var peers: [Peer] {
        entries.values.filter(\.visible).map(\.peer).sorted { $0.name < $1.name }
    }

    mutating func found(_ service: ResolvedService, now: Double) -> PeerEvent? {
        let name = service.key.name
        resolveRetries[service.key] = nil
        var entry = entries[name] ?? Entry(
            peer: Peer(name: name, hostName: service.hostName, addresses: [], port: service.port,
                       advertisement: PeerAdvertisement(txt: service.txt), source: service.source, lastSeen: now),
            nextCheck: now)
        let isNew = entries[name] == nil
        let before = entry.peer
        entry.sightings[service.key] = service
        entry.peer.hostName = service.hostName
        entry.peer.port = service.port
        entry.peer.advertisement = PeerAdvertisement(txt: service.txt)
        entry.peer.addresses = Self.addresses(entry.sightings)
        entry.peer.source = Self.source(entry.sightings)
        entry.nextCheck = min(entry.nextCheck, now)
        entries[name] = entry
        if isNew { return PeerEvent(.added, entry.peer) }
        guard entry.visible, !Self.sameAnnouncement(before, entry.peer) else { return nil }
        entries[name]?.peer.lastSeen = now
        return PeerEvent(.updated, entries[name]!.peer)
    }

    mutating func removed(_ key: ServiceKey) -> PeerEvent? {
        resolveRetries[key] = nil
        guard var entry = entries[key.name], entry.peer.source != .manual, entry.sightings[key] != nil else { return nil }
        let source = entry.sightings[key]?.source
        entry.sightings[key] = nil
        guard entry.sightings.isEmpty else {
            entry.peer.addresses = Self.addresses(entry.sightings)
            entry.peer.source = Self.source(entry.sightings)
            entries[key.name] = entry
            return entry.visible ? PeerEvent(.updated, entry.peer) : nil
        }
        entries[key.name] = nil
        return entry.visible ? PeerEvent(.removed, entry.peer, reason: source == .dns ? "withdrawn" : "goodbye") : nil
    }

    /// Avahi gave up resolving `key` (its address records expired in a long outage, say). The
    /// browser still lists it and will not report it again, so it is resolved anew later: without
    /// that, a peer that comes back with a new address stays lost until ferryd restarts.
    mutating func resolveFailed(_ key: ServiceKey, now: Double) {
        resolveRetries[key] = now + policy.slowInterval
    }

    /// The services to resolve again now; each is due once more only after another failure.
    mutating func dueResolves(now: Double) -> [ServiceKey] {
        let due = resolveRetries.filter { $0.value <= now }.map(\.key)
        for key in due { resolveRetries[key] = nil }
        return due.sorted { ($0.name, $0.interface, $0.protocolFamily) < ($1.name, $1.interface, $1.protocolFamily) }
    }

    /// avahi-daemon went away: everything it told us is void; manual and wide-area peers stay.
    mutating func dropMulticast() -> [PeerEvent] {
        resolveRetries.removeAll()
        let keys = entries.values.flatMap { $0.sightings.values.filter { $0.source == .multicast }.map(\.key) }
        return keys.compactMap { removed($0) }.map { PeerEvent($0.kind, $0.peer, reason: $0.kind == .removed ? "avahi" : nil) }
    }

    mutating func addManual(host: String, port: Int, now: Double) -> PeerEvent? {
        let name = Self.manualName(host: host, port: port)
        guard entries[name] == nil else { return nil }
        let peer = Peer(name: name, hostName: host, addresses: [host], port: port,
                        advertisement: PeerAdvertisement(), source: .manual, lastSeen: now)
        entries[name] = Entry(peer: peer, nextCheck: now)
        return PeerEvent(.added, peer)
    }

    mutating func removeManual(host: String, port: Int) -> PeerEvent? {
        let name = Self.manualName(host: host, port: port)
        guard let entry = entries[name], entry.peer.source == .manual else { return nil }
        entries[name] = nil
        return PeerEvent(.removed, entry.peer, reason: "manual")
    }

    static func manualName(host: String, port: Int) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// The checks due now; each is marked as running until ``checked(_:reachable:now:)``.
    /// When ``dueChecks(now:)`` or ``dueResolves(now:)`` next has something; nil when nothing waits.
    var nextDue: Double? {
        let checks = entries.values.lazy.filter { !$0.checking && $0.peer.preferredAddress != nil }.map(\.nextCheck)
        return (Array(checks) + Array(resolveRetries.values)).min()
    }

    mutating func dueChecks(now: Double) -> [Check] {
        var due: [Check] = []
        for (name, entry) in entries where !entry.checking && entry.nextCheck <= now {
            guard let address = entry.peer.preferredAddress else { continue }
            entries[name]?.checking = true
            // A wide-area peer's host name lives in unicast DNS, not in a responder at its address.
            let hostName = entry.peer.source == .multicast && entry.askResponder && !entry.peer.hostName.isEmpty
                ? entry.peer.hostName : nil
            due.append(Check(name: name, address: address, port: entry.peer.port, hostName: hostName))
        }
        return due.sorted { $0.name < $1.name }
    }

    mutating func checked(_ name: String, reachable: Bool, now: Double) -> PeerEvent? {
        guard var entry = entries[name] else { return nil }
        entry.checking = false
        let wasVisible = entry.visible
        let reachabilityChanged = entry.peer.reachable != reachable
        entry.peer.reachable = reachable
        if reachable {
            entry.liveness = .alive
            entry.lastAlive = now
            entry.peer.lastSeen = now
            entry.nextCheck = now + policy.interval
        } else {
            // A responder that never answered (Avahi refuses unicast queries from another subnet:
            // peers behind a reflector) is tried at the peer's port over TCP next time, and the
            // other way after that, until one answers; from then on that way is kept.
            if entry.peer.source == .multicast, entry.lastAlive == nil { entry.askResponder.toggle() }
            let silentFor = entry.lastAlive.map { now - $0 }
            if entry.peer.source != .manual, let silentFor, silentFor >= policy.expireAfter {
                entry.liveness = .expired
            }
            entry.nextCheck = now + (entry.liveness == .alive ? policy.interval : policy.slowInterval)
        }
        entries[name] = entry
        switch (wasVisible, entry.visible) {
        case (false, true): return PeerEvent(.added, entry.peer)
        case (true, false): return PeerEvent(.removed, entry.peer, reason: "expired")
        case (true, true) where reachabilityChanged: return PeerEvent(.updated, entry.peer)
        default: return nil
        }
    }

    private static func addresses(_ sightings: [ServiceKey: ResolvedService]) -> [String] {
        Array(Set(sightings.values.map(\.address).filter { !$0.isEmpty })).sorted { lhs, rhs in
            // IPv4 before IPv6, then in text order, so the table reads the same every time.
            let left = lhs.contains(":"), right = rhs.contains(":")
            return left == right ? lhs < rhs : !left
        }
    }

    /// mDNS when any sighting came over mDNS: a peer on our link is shown as such.
    private static func source(_ sightings: [ServiceKey: ResolvedService]) -> Peer.Source {
        sightings.values.contains { $0.source == .multicast } ? .multicast : .dns
    }

    private static func sameAnnouncement(_ lhs: Peer, _ rhs: Peer) -> Bool {
        lhs.hostName == rhs.hostName && lhs.addresses == rhs.addresses && lhs.port == rhs.port
            && lhs.advertisement == rhs.advertisement
    }
}
