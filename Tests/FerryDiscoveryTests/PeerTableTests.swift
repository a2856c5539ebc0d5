import Testing
@testable import FerryDiscovery

@Suite struct PeerTableTests {
    static func service(_ name: String, address: String = "198.18.0.2", interface: Int32 = 2,
                        txt: [String] = ["txtvers=1", "pv=1", "mode=contacts"]) -> ResolvedService {
        ResolvedService(key: ServiceKey(interface: interface, protocolFamily: 0, name: name, type: "_ferry._tcp", domain: "local"),
                        hostName: "b.local", address: address, port: 7417, txt: txt)
    }

    @Test func aNewServiceIsAddedAndCheckedAtOnceByItsHostName() {
        var table = PeerTable()
        #expect(table.found(Self.service("B"), now: 100)?.kind == .added)
        #expect(table.dueChecks(now: 100) == [PeerTable.Check(name: "B", address: "198.18.0.2", port: 7417, hostName: "b.local")])
        // A running check is not started twice.
        #expect(table.dueChecks(now: 100).isEmpty)
    }

    @Test func aTXTChangeIsAnUpdateAndTheSameAnnouncementIsNothing() {
        var table = PeerTable()
        _ = table.found(Self.service("B"), now: 100)
        #expect(table.found(Self.service("B"), now: 101) == nil)
        let update = table.found(Self.service("B", txt: ["txtvers=1", "mode=everyone"]), now: 102)
        #expect(update?.kind == .updated)
        #expect(update?.peer.advertisement.mode == "everyone")
    }

    @Test func theLastSightingsRemovalIsAGoodbye() {
        var table = PeerTable()
        _ = table.found(Self.service("B", interface: 2), now: 100)
        _ = table.found(Self.service("B", address: "198.18.1.2", interface: 3), now: 100)
        #expect(table.peers.first?.addresses == ["198.18.0.2", "198.18.1.2"])
        #expect(table.removed(Self.service("B", interface: 2).key)?.kind == .updated)
        let removal = table.removed(Self.service("B", address: "198.18.1.2", interface: 3).key)
        #expect(removal?.kind == .removed)
        #expect(removal?.reason == "goodbye")
        #expect(table.peers.isEmpty)
    }

    @Test func aPeerThatStopsAnsweringExpiresAndComesBackWhenItAnswers() {
        var table = PeerTable()
        _ = table.found(Self.service("B"), now: 0)
        _ = table.dueChecks(now: 0)
        #expect(table.checked("B", reachable: true, now: 0)?.kind == .updated)
        var time = 2.0
        var removal: PeerEvent?
        while removal == nil, time < 30 {
            for check in table.dueChecks(now: time) {
                let event = table.checked(check.name, reachable: false, now: time)
                if event?.kind == .removed { removal = event }
            }
            time += 0.25
        }
        #expect(removal?.reason == "expired")
        #expect(time <= table.policy.expireAfter + table.policy.interval + 0.5)
        #expect(table.peers.isEmpty)
        // Still known, still checked, and back as soon as it answers.
        let check = table.dueChecks(now: time + table.policy.slowInterval)
        #expect(check.count == 1)
        #expect(table.checked("B", reachable: true, now: time + 6)?.kind == .added)
    }

    @Test func aPeerThatNeverAnsweredFollowsAvahiOnly() {
        var table = PeerTable()
        _ = table.found(Self.service("Plain"), now: 0)
        for time in stride(from: 0.0, through: 60, by: 5) {
            for check in table.dueChecks(now: time) { #expect(table.checked(check.name, reachable: false, now: time)?.kind != .removed) }
        }
        #expect(table.peers.map(\.name) == ["Plain"])
        #expect(table.peers.first?.reachable == false)
    }

    @Test func losingAvahiDropsItsPeersButKeepsManualOnes() {
        var table = PeerTable()
        _ = table.found(Self.service("B"), now: 0)
        _ = table.addManual(host: "192.0.2.7", port: 7417, now: 0)
        let removals = table.dropMulticast()
        #expect(removals.map(\.reason) == ["avahi"])
        #expect(table.peers.map(\.name) == ["192.0.2.7:7417"])
        #expect(table.dueChecks(now: 0) == [PeerTable.Check(name: "192.0.2.7:7417", address: "192.0.2.7", port: 7417, hostName: nil)])
    }

    @Test func manualPeersNeverExpire() {
        var table = PeerTable()
        _ = table.addManual(host: "192.0.2.7", port: 7417, now: 0)
        _ = table.dueChecks(now: 0)
        _ = table.checked("192.0.2.7:7417", reachable: true, now: 0)
        for time in stride(from: 2.0, through: 60, by: 2) {
            for check in table.dueChecks(now: time) { _ = table.checked(check.name, reachable: false, now: time) }
        }
        #expect(table.peers.first?.reachable == false)
        #expect(table.removeManual(host: "192.0.2.7", port: 7417)?.kind == .removed)
    }
}

@Suite struct PeerTableRecoveryTests {
    static func service(_ name: String, address: String = "198.18.0.2") -> ResolvedService {
        PeerTableTests.service(name, address: address)
    }

    // After a long outage Avahi's resolver fails while its browser keeps the service: the table must
    // ask for it again, or the peer's new address is never learnt.
    @Test func aServiceWhoseResolverFailedIsResolvedAgainLater() {
        var table = PeerTable()
        let key = Self.service("B").key
        _ = table.found(Self.service("B"), now: 0)
        table.resolveFailed(key, now: 130)
        #expect(table.dueResolves(now: 130).isEmpty)
        #expect(table.dueResolves(now: 130 + table.policy.slowInterval) == [key])
        #expect(table.dueResolves(now: 200).isEmpty)
        // Resolved anew at a new address: the next check asks there.
        _ = table.found(Self.service("B", address: "198.18.0.9"), now: 200)
        #expect(table.dueChecks(now: 200).map(\.address) == ["198.18.0.9"])
    }

    @Test func aRetryEndsWhenTheServiceIsFoundOrGone() {
        var table = PeerTable()
        table.resolveFailed(Self.service("B").key, now: 0)
        _ = table.found(Self.service("B"), now: 1)
        table.resolveFailed(Self.service("C").key, now: 0)
        _ = table.removed(Self.service("C").key)
        #expect(table.dueResolves(now: 100).isEmpty)
    }

    @Test func anExpiredPeerComesBackAtItsNewAddress() {
        var table = PeerTable()
        _ = table.found(Self.service("B"), now: 0)
        _ = table.dueChecks(now: 0)
        _ = table.checked("B", reachable: true, now: 0)
        var time = 2.0
        while time < 150 {
            for check in table.dueChecks(now: time) { _ = table.checked(check.name, reachable: false, now: time) }
            time += 1
        }
        #expect(table.peers.isEmpty)
        _ = table.found(Self.service("B", address: "198.18.0.9"), now: time)
        let check = table.dueChecks(now: time)
        #expect(check.map(\.address) == ["198.18.0.9"])
        #expect(table.checked("B", reachable: true, now: time)?.kind == .added)
    }

    // Across a reflector the responder never answers unicast queries: the port is tried instead,
    // and a peer that answered there expires when it stops.
    @Test func aPeerWhoseResponderNeverAnswersIsCheckedAtItsPortAndExpires() {
        var table = PeerTable()
        _ = table.found(Self.service("D"), now: 0)
        let first = table.dueChecks(now: 0)
        #expect(first.first?.hostName == "b.local")
        _ = table.checked("D", reachable: false, now: 0)
        let second = table.dueChecks(now: table.policy.slowInterval)
        #expect(second == [PeerTable.Check(name: "D", address: "198.18.0.2", port: 7417, hostName: nil)])
        _ = table.checked("D", reachable: true, now: 5)
        var removal: PeerEvent?
        var time = 5.0
        while removal == nil, time < 240 {
            for check in table.dueChecks(now: time) {
                #expect(check.hostName == nil)
                if let event = table.checked(check.name, reachable: false, now: time), event.kind == .removed { removal = event }
            }
            time += 0.25
        }
        #expect(removal?.reason == "expired")
        #expect(time <= 5 + table.policy.expireAfter + table.policy.interval + 0.5)
    }
}
