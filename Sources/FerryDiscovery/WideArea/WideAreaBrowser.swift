/// Browsing a wide-area domain with plain unicast queries (RFC 6763 §4.1): the PTR records of
/// `_ferry._tcp.<domain>`, then each instance's SRV and TXT, then the address of its SRV target.
///
/// Ours rather than Avahi's wide-area browsing: that needs the system's avahi-daemon.conf edited
/// (`enable-wide-area`, `browse-domains`), takes its server from resolv.conf only and stops with
/// avahi-daemon; the update already needs this DNS code, and a poll sees a withdrawal next round.
struct WideAreaBrowser {
    var zone: DNSName
    var host: String
    var port: Int
    var timeout: Double = 1.5

    /// Every instance in the zone, resolved; instances that do not resolve are left out.
    func browse() async throws(DiscoveryError) -> [ResolvedService] {
        let service = try names { () throws(DNSWireError) in try zone.prepending("_tcp").prepending("_ferry") }
        let instances = try await records(service, .ptr).compactMap { DNSRecordData.readPTR($0.data) }
        var found: [ResolvedService] = []
        for instance in instances {
            if let resolved = try await resolve(instance) { found.append(resolved) }
        }
        return found
    }

    private func resolve(_ instance: DNSName) async throws(DiscoveryError) -> ResolvedService? {
        guard let srv = try await records(instance, .srv).lazy.compactMap({ DNSRecordData.readSRV($0.data) }).first else {
            return nil
        }
        let txt = try await records(instance, .txt).first.map { DNSRecordData.readTXT($0.data) } ?? []
        let address = try await records(srv.target, .a).lazy.compactMap { DNSRecordData.readAddress($0.data) }.first
        let key = ServiceKey(interface: -1, protocolFamily: 0, name: instance.first, type: Discovery.serviceType, domain: zone.description)
        return ResolvedService(key: key, hostName: srv.target.description, address: address ?? "", port: Int(srv.port),
                               txt: txt, source: .dns)
    }

    /// The answers of type `type` at `name`; none when the name does not exist.
    private func records(_ name: DNSName, _ type: DNSType) async throws(DiscoveryError) -> [DNSRecord] {
        var query = DNSMessage(id: UInt16.random(in: 0...UInt16.max))
        query.recursionDesired = true
        query.questions = [DNSQuestion(name, type)]
        let response = try await DNSExchange.send(query, to: host, port: port, timeout: timeout).response
        guard response.rcode == 0 || response.rcode == 3 else {
            throw DiscoveryError("the DNS server \(host) answered \(UpdateOutcome.rcodeName(response.rcode)) for \(name)")
        }
        return response.answers.filter { $0.type == type && $0.name.matches(name) }
    }

    private func names(_ make: () throws(DNSWireError) -> DNSName) throws(DiscoveryError) -> DNSName {
        do { return try make() } catch { throw DiscoveryError("\(zone) cannot hold a service name: \(error)") }
    }
}
