import FerryProtocol
import FoundationEssentials
import Logging

/// ferryd's view of the LAN: what it announces, the live peer table and who watches it.
///
/// ``DiscoveryService`` feeds it Avahi's events and liveness results; the socket server reads it
/// for `ferry peers`.
public actor Discovery {
    /// RFC 6763 §7: `_ferry._tcp`, registered under the local domain by Avahi.
    public static let serviceType = "_ferry._tcp"

    public struct Snapshot: Sendable {
        public var status: DiscoveryStatus
        public var peers: [Peer]
    }

    private var table: PeerTable
    private(set) var status: DiscoveryStatus
    private var announcement: ServiceAnnouncement
    private var advertisement: PeerAdvertisement
    private var session: AvahiSession?
    private var watchers: [UInt64: AsyncStream<PeerEvent>.Continuation] = [:]
    private var nextWatcher: UInt64 = 0
    /// Until Avahi has reported what it knows at start-up, `ferry peers` waits a moment for it.
    private var settled = false {
        didSet { if settled { wakeSettleWaiters() } }
    }
    /// `snapshot` callers parked until `settled` (Discovery+Settle.swift).
    var settleWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
    var nextSettleWaiter = 0
    /// Wakes the service's clock when a change may have made something due (Discovery+Clock.swift).
    let alarm = Alarm()
    private var retryAt: Double?
    private let manual: ManualPeers
    /// The wide-area services in the table now (WideAreaService's last browse).
    private var wideAreaKeys: Set<ServiceKey> = []
    /// How wide-area publishing stands, for `ferry peers`; nil without a domain.
    private var wideAreaNote: String?
    /// Where the wide-area settings are; nil runs no wide-area DNS-SD (tests).
    private(set) var wideArea: WideAreaConfiguration?
    /// Rung when the wide-area settings file may have changed (ferryd's config-folder watch), so
    /// that an idle WideAreaService sleeps until then instead of re-reading the file on a clock.
    public nonisolated let wideAreaSettingsChanged = Alarm()
    private let logger: Logger

    public init(name: String, port: Int, advertisement: PeerAdvertisement, enabled: Bool,
                manualPeersFile: String, policy: LivenessPolicy = LivenessPolicy(), logger: Logger) {
        table = PeerTable(policy: policy)
        announcement = ServiceAnnouncement(name: name, type: Self.serviceType, port: port, txt: advertisement.txt)
        self.advertisement = advertisement
        status = enabled ? .avahiNotRunning(detail: "starting") : .disabled
        settled = !enabled
        manual = ManualPeers(path: manualPeersFile)
        self.logger = logger
        let now = Date().timeIntervalSince1970
        for address in manual.load() { _ = table.addManual(host: address.host, port: address.port, now: now) }
    }

    var policy: LivenessPolicy { table.policy }

    // MARK: For the socket server

    /// The table, after waiting up to `settleTimeout` seconds for Avahi's first answers (less if
    /// the caller's task is cancelled).
    public func snapshot(settleTimeout: Double = 1.5) async -> Snapshot {
        if !settled { await waitUntilSettled(timeout: settleTimeout) }
        var shown = status
        if case .running(let name, _) = status { shown = .running(name: name, wideArea: wideAreaNote) }
        return Snapshot(status: shown, peers: table.peers.filter { !isOurs($0) })
    }

    /// Every change from now on, until the stream's consumer stops.
    public func watch() -> AsyncStream<PeerEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: PeerEvent.self, bufferingPolicy: .bufferingNewest(1024))
        let id = nextWatcher
        nextWatcher += 1
        watchers[id] = continuation
        continuation.onTermination = { _ in Task { await self.unwatch(id) } }
        return stream
    }

    private func unwatch(_ id: UInt64) {
        watchers[id] = nil
    }

    public func addManual(_ address: PeerAddress) throws(DiscoveryError) -> Bool {
        guard let event = table.addManual(host: address.host, port: address.port, now: Date().timeIntervalSince1970) else {
            return false
        }
        try manual.save(manualAddresses)
        publish(event)
        alarm.ring()
        return true
    }

    public func removeManual(_ address: PeerAddress) throws(DiscoveryError) -> Bool {
        guard let event = table.removeManual(host: address.host, port: address.port) else { return false }
        try manual.save(manualAddresses)
        publish(event)
        return true
    }

    private var manualAddresses: [PeerAddress] {
        table.peers.filter { $0.source == .manual }.map { PeerAddress(host: $0.hostName, port: $0.port) }
    }

    /// The visible peer announced as `name`.
    public func peer(named name: String) -> Peer? {
        table.peers.first { $0.name == name && !isOurs($0) }
    }

    /// The visible peers now, without waiting for discovery to settle (name resolution).
    public func visiblePeers() -> [Peer] {
        table.peers.filter { !isOurs($0) }
    }

    /// Changes the receiving mode in the TXT record; Avahi updates the record in place.
    public func setMode(_ mode: String) {
        guard advertisement.mode != mode else { return }
        advertisement.mode = mode
        announcement.txt = advertisement.txt
        announce()
    }

    /// The port peers connect to, once the transfer listener has it; nothing is announced before.
    public func setPort(_ port: Int) {
        guard announcement.port != port else { return }
        announcement.port = port
        announce()
    }

    private func announce() {
        guard announcement.port > 0 else { return }
        session?.publish(announcement)
    }

    // MARK: For WideAreaService

    /// Turns on wide-area DNS-SD (``WideAreaService``), before ``DiscoveryService`` runs.
    public func configureWideArea(_ configuration: WideAreaConfiguration) {
        wideArea = configuration
    }

    /// What to publish in a wide-area domain: our announcement once the transfer port is known.
    func wideAreaAnnouncement() -> ServiceAnnouncement? {
        announcement.port > 0 ? announcement : nil
    }

    /// One browse of the wide-area domain: the services found now, replacing the last browse's.
    func wideAreaBrowsed(_ services: [ResolvedService]) {
        defer { alarm.ring() }
        let now = Date().timeIntervalSince1970
        let keys = Set(services.map(\.key))
        for key in wideAreaKeys.subtracting(keys) {
            if let change = table.removed(key) { publish(change) }
        }
        wideAreaKeys = keys
        for service in services {
            if let change = table.found(service, now: now) { publish(change) }
        }
    }

    func setWideAreaNote(_ note: String?) {
        wideAreaNote = note
    }

    // MARK: For DiscoveryService

    func attach(_ session: AvahiSession) {
        self.session = session
        session.browse(Self.serviceType)
    }

    func handle(_ event: AvahiEvent) {
        // Any event may add a check, a resolve or a retry: the clock reads its next due time anew.
        defer { alarm.ring() }
        let now = Date().timeIntervalSince1970
        switch event {
        case .running:
            retryAt = nil
            announce()
        case .connecting:
            lostAvahi(detail: "no avahi-daemon on the system bus")
        case .hostNameChanging:
            logger.debug("avahi-daemon is registering this host name; announcing when it is done")
        case .clientFailed(let message, let disconnected):
            lostAvahi(detail: message)
            if disconnected {
                logger.info("avahi-daemon went away; waiting for it to return")
                session?.connect()
            } else {
                retryAt = now + 5
            }
        case .unavailable(let message):
            lostAvahi(detail: message)
            retryAt = now + 3
        case .published(let name):
            rename(to: name)
            status = .running(name: name)
            logger.info("announced as \"\(name)\" (\(Self.serviceType))")
        case .renamed(let from, let to):
            rename(to: to)
            logger.notice("the name \"\(from)\" is taken on the network; trying \"\(to)\"")
        case .publishFailed(let message):
            status = .failed("cannot announce this device: \(message)")
            logger.error("cannot announce this device: \(message)")
        case .found(let service):
            // A Ferry device probing its name announces `txtvers` alone for a moment (see
            // `ServiceAnnouncement.probeTXT`); its full record follows.
            guard service.txt != ServiceAnnouncement.probeOnlyTXT else { return }
            if let change = table.found(service, now: now) { publish(change) }
        case .removed(let key):
            if let change = table.removed(key) { publish(change) }
        case .resolveFailed(let key, let message):
            logger.debug("cannot resolve \"\(key.name)\": \(message)")
            table.resolveFailed(key, now: now)
        case .allForNow:
            settled = true
        case .browseFailed(let message):
            status = .failed("cannot browse for peers: \(message)")
            settled = true
        }
    }

    /// A peer hidden as ours under our old name is someone else's: show it.
    private func rename(to name: String) {
        let old = announcement.name
        announcement.name = name
        if old != name, let peer = table.peers.first(where: { $0.name == old && $0.source == .multicast }) {
            publish(PeerEvent(.added, peer))
        }
    }

    private func lostAvahi(detail: String) {
        for change in table.dropMulticast() { publish(change) }
        status = .avahiNotRunning(detail: detail)
        settled = true
    }

    /// Checks due now, services to resolve again, and whether the Avahi client should be made anew.
    func tick() -> (checks: [PeerTable.Check], resolves: [ServiceKey], reconnect: Bool) {
        let now = Date().timeIntervalSince1970
        var reconnect = false
        if let retryAt, now >= retryAt {
            self.retryAt = nil
            reconnect = true
        }
        return (table.dueChecks(now: now), table.dueResolves(now: now), reconnect)
    }

    /// How long until ``tick()`` has something to do; nil when nothing is due until an event.
    var nextTick: Duration? {
        guard let due = [table.nextDue, retryAt].compactMap({ $0 }).min() else { return nil }
        return .milliseconds(Int64((max(0, due - Date().timeIntervalSince1970) * 1000).rounded(.up)))
    }

    func checked(_ check: PeerTable.Check, reachable: Bool) {
        logger.debug("liveness of \"\(check.name)\" at \(check.address): \(reachable ? "answered" : "no answer")")
        if let change = table.checked(check.name, reachable: reachable, now: Date().timeIntervalSince1970) {
            publish(change)
        }
        alarm.ring()
    }

    /// mDNS names are unique on a link, so an announcement by our current name is our own.
    private func isOurs(_ peer: Peer) -> Bool {
        peer.source == .multicast && peer.name == announcement.name
    }

    private func publish(_ event: PeerEvent) {
        guard !isOurs(event.peer) else { return }
        if event.kind != .updated {
            logger.info("peer \(event.kind.rawValue): \"\(PeerText.printable(event.peer.name))\"\(event.reason.map { " (\($0))" } ?? "")")
        }
        for watcher in watchers.values { watcher.yield(event) }
    }
}
