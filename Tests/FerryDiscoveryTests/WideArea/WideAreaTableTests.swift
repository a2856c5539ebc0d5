import Testing
@testable import FerryDiscovery

/// Peers from a wide-area domain in the table: checked at their port, expired like LAN peers,
/// withdrawn when their records go, untouched when avahi-daemon goes.
@Suite struct WideAreaTableTests {
    static func service(_ name: String, source: Peer.Source = .dns, address: String = "198.18.10.1") -> ResolvedService {
        ResolvedService(key: ServiceKey(interface: source == .dns ? -1 : 2, protocolFamily: 0, name: name, type: "_ferry._tcp",
                                        domain: source == .dns ? "ferry.test" : "local"),
                        hostName: source == .dns ? "ferry-01.ferry.test" : "a.local", address: address, port: 7417,
                        txt: ["txtvers=1", "mode=contacts"], source: source)
    }

    @Test func aDNSPeerIsCheckedAtItsPortAndExpiresAfterTheSameBound() {
        var table = PeerTable()
        #expect(table.found(Self.service("A"), now: 100)?.peer.source == .dns)
        #expect(table.dueChecks(now: 100) == [PeerTable.Check(name: "A", address: "198.18.10.1", port: 7417, hostName: nil)])
        _ = table.checked("A", reachable: true, now: 100)
        _ = table.dueChecks(now: 105)
        #expect(table.checked("A", reachable: false, now: 105)?.kind == .updated)  // not answering, still listed
        _ = table.dueChecks(now: 110)
        let expiry = table.checked("A", reachable: false, now: 110)
        #expect(expiry?.kind == .removed)
        #expect(expiry?.reason == "expired")
    }

    @Test func aDNSPeerGoneFromTheZoneIsWithdrawn() {
        var table = PeerTable()
        _ = table.found(Self.service("A"), now: 100)
        let removal = table.removed(Self.service("A").key)
        #expect(removal?.kind == .removed)
        #expect(removal?.reason == "withdrawn")
    }

    @Test func losingAvahiKeepsDNSPeersAndAPeerSeenBothWaysIsMDNS() {
        var table = PeerTable()
        _ = table.found(Self.service("A"), now: 100)
        _ = table.found(Self.service("B", source: .dns, address: "198.18.20.1"), now: 100)
        _ = table.found(Self.service("B", source: .multicast, address: "198.18.20.1"), now: 100)
        #expect(table.peers.map(\.source) == [.dns, .multicast])
        let changes = table.dropMulticast()
        #expect(changes.map(\.kind) == [.updated])
        #expect(table.peers.map(\.name) == ["A", "B"])
        #expect(table.peers.map(\.source) == [.dns, .dns])
    }

    @Test func discoveryReplacesOneBrowseWithTheNext() async {
        let discovery = Discovery(name: "Me", port: 7417, advertisement: PeerAdvertisement(), enabled: false,
                                  manualPeersFile: "/nonexistent/manual-peers", logger: .init(label: "test"))
        let events = await discovery.watch()
        await discovery.wideAreaBrowsed([Self.service("A"), Self.service("B", address: "198.18.20.1")])
        await discovery.wideAreaBrowsed([Self.service("B", address: "198.18.20.1")])
        #expect(await discovery.visiblePeers().map(\.name) == ["B"])
        var seen: [String] = []
        for await event in events {
            seen.append("\(event.kind.rawValue) \(event.peer.name)\(event.reason.map { " " + $0 } ?? "")")
            if seen.count == 3 { break }
        }
        #expect(seen == ["added A", "added B", "removed A withdrawn"])
    }
}
