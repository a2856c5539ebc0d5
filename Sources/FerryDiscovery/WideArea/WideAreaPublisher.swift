import FoundationEssentials
import Logging

/// Keeps our records in the wide-area zone current: publishes them when they change, refreshes
/// them before a lease or `refreshInterval` runs out, and withdraws them when the domain, key or
/// name changes and at shutdown. Owned by one loop (``WideAreaService``), so it is a plain struct.
struct WideAreaPublisher {
    struct Published: Equatable {
        var records: WideAreaRecords
        var settings: WideAreaSettings
    }

    let configuration: WideAreaConfiguration
    let logger: Logger
    var transport = WideAreaTransport.udp
    private(set) var published: Published?
    /// What the last round meant to publish, sent or not: withdrawn at shutdown too, since records
    /// of ours may be in the zone from before (a ferryd killed before it could withdraw them).
    private var wanted: Published?
    /// What the server last refused; tried again only after `retryInterval`, or once it changes.
    private var refused: Published?
    private var nextAttempt: Double = 0
    private(set) var note: String?

    init(configuration: WideAreaConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    /// One round: what should be in the zone now, given the settings and our announcement.
    mutating func step(_ settings: WideAreaSettings?, announcement: ServiceAnnouncement?, now: Double) async {
        guard let settings, settings.keyFile != nil, let announcement else {
            await withdraw()
            note = settings.map { $0.keyFile == nil ? "browsing \($0.domain), not publishing (no --key)" : "waiting for the transfer port" }
            return
        }
        do throws(DiscoveryError) {
            let server = try configuration.server(for: settings)
            let address = try await transport.localAddress(server.host, server.port)
            let records = try Self.records(settings, announcement, host: configuration.hostLabel, address: address)
            let wanted = Published(records: records, settings: settings)
            if let published, published.records.instance != records.instance || published.settings != settings { await withdraw() }
            self.wanted = wanted
            guard (published != wanted && refused != wanted) || now >= nextAttempt else { return }
            refused = wanted
            let ownership = try await owner(of: records, server)
            if case .taken(let other) = ownership {
                throw DiscoveryError("\u{201C}\(records.instance)\u{201D} is taken in \(settings.domain) by \(other); give this device another name (FERRY_DEVICE_NAME)")
            }
            let prerequisites = ownership.prerequisites(at: try Self.name { () throws(DNSWireError) in try records.instanceName })
            let lease = try await send(settings, server) { id throws(DNSWireError) in
                try records.publish(id: id, lease: configuration.lease, prerequisites: prerequisites)
            }
            published = wanted
            refused = nil
            nextAttempt = now + (lease.map { Double($0) / 2 } ?? configuration.refreshInterval)
            let renewal = lease.map { "a lease of \($0) s" } ?? "no lease granted, refreshed every \(Int(configuration.refreshInterval)) s"
            report("published in \(settings.domain) as \u{201C}\(records.instance)\u{201D} (\(renewal))", level: .info)
        } catch {
            nextAttempt = now + configuration.retryInterval
            report("cannot publish in \(settings.domain): \(error.message)", level: .error)
        }
    }

    /// At shutdown: withdraws what we published or would publish now, even before our first
    /// update went out, so records a killed ferryd left behind go too.
    mutating func finish(_ settings: WideAreaSettings?, announcement: ServiceAnnouncement?) async {
        if published == nil, wanted == nil, let settings, settings.keyFile != nil, let announcement,
           let records = try? Self.records(settings, announcement, host: configuration.hostLabel, address: "") {
            wanted = Published(records: records, settings: settings)
        }
        await withdraw()
    }

    /// Removes what we published, or meant to, if anything.
    mutating func withdraw() async {
        guard let done = published ?? wanted else { return }
        published = nil
        wanted = nil
        nextAttempt = 0
        do throws(DiscoveryError) {
            let server = try configuration.server(for: done.settings)
            let ownership = try await owner(of: done.records, server)
            guard case .ours = ownership else {
                if case .taken(let other) = ownership { logger.info("\u{201C}\(done.records.instance)\u{201D} in \(done.settings.domain) is \(other)'s now; left as it is") }
                return
            }
            let prerequisites = ownership.prerequisites(at: try Self.name { () throws(DNSWireError) in try done.records.instanceName })
            _ = try await send(done.settings, server) { id throws(DNSWireError) in try done.records.withdraw(id: id, prerequisites: prerequisites) }
            logger.info("withdrew \u{201C}\(done.records.instance)\u{201D} from \(done.settings.domain)")
        } catch {
            logger.error("cannot withdraw \u{201C}\(done.records.instance)\u{201D} from \(done.settings.domain): \(error.message)")
        }
    }

    /// Logs a new state once, not every round.
    private mutating func report(_ line: String, level: Logger.Level) {
        guard line != note else { return }
        note = line
        logger.log(level: level, "wide-area: \(line)")
    }

    /// Whose the instance name is now (one unsigned SRV query).
    private func owner(of records: WideAreaRecords, _ server: (host: String, port: Int)) async throws(DiscoveryError) -> WideAreaOwnership {
        let instance = try Self.name { () throws(DNSWireError) in try records.instanceName }
        var query = DNSMessage(id: UInt16.random(in: 0...UInt16.max))
        query.questions = [DNSQuestion(instance, .srv)]
        let response = try await transport.exchange(query, server.host, server.port)
        let srv = response.answers.filter { $0.type == .srv && $0.name.matches(instance) }
        return WideAreaOwnership(srv: srv, host: try Self.name { () throws(DNSWireError) in try records.hostName })
    }

    private static func name(_ make: () throws(DNSWireError) -> DNSName) throws(DiscoveryError) -> DNSName {
        do { return try make() } catch { throw DiscoveryError("\(error)") }
    }

    /// Signs and sends one update; returns the lease granted, if the server grants leases.
    private func send(_ settings: WideAreaSettings, _ server: (host: String, port: Int),
                      _ make: (UInt16) throws(DNSWireError) -> DNSMessage) async throws(DiscoveryError) -> UInt32? {
        let path = settings.keyFile ?? ""
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw DiscoveryError("cannot read the key file \(path)")
        }
        let key = try TSIGKey(bindKeyFile: text, path: path)
        let message: DNSMessage
        do { message = try make(UInt16.random(in: 0...UInt16.max)) } catch { throw DiscoveryError("\(error)") }
        let signed = TSIG.sign(message, key: key, time: UInt64(Date().timeIntervalSince1970))
        let response = try await transport.exchange(signed, server.host, server.port)
        if let problem = UpdateOutcome.problem(response, zone: settings.domain, server: server.host, keyName: key.name.description) {
            throw DiscoveryError(problem)
        }
        return WideAreaRecords.grantedLease(in: response)
    }

    static func records(_ settings: WideAreaSettings, _ announcement: ServiceAnnouncement, host: String,
                        address: String) throws(DiscoveryError) -> WideAreaRecords {
        do {
            return WideAreaRecords(zone: try DNSName(settings.domain), instance: announcement.name, host: host,
                                   port: UInt16(clamping: announcement.port), txt: announcement.txt, address: address)
        } catch {
            throw DiscoveryError("\(settings.domain) is not a domain name: \(error)")
        }
    }
}
