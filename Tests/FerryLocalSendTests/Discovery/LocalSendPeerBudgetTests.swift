import Testing
@testable import FerryLocalSend

/// The peer table's admission rule as a pure value: rows in, a decision out.
@Suite struct LocalSendPeerBudgetTests {
    static func peer(_ fingerprint: String, _ address: String, _ standing: LocalSendPeer.Standing, seen: Double) -> LocalSendPeer {
        LocalSendPeer(info: LocalSendInfo(alias: fingerprint, deviceModel: nil, deviceType: nil, fingerprint: fingerprint, port: 53317),
                      address: address, fingerprint: fingerprint, lastSeen: seen, standing: standing)
    }

    static let rows = [
        peer("a", "10.0.0.1", .announced, seen: 5), peer("b", "10.0.0.2", .announced, seen: 1),
        peer("c", "10.0.0.3", .connected, seen: 0), peer("d", "10.0.0.4", .verified, seen: 0),
    ]

    @Test func roomLeftAdmitsWithoutEvicting() {
        let budget = LocalSendPeerBudget(capacity: 5)
        #expect(budget.admit(Self.peer("n", "10.0.1.1", .announced, seen: 9), into: Self.rows) { _ in false } == .admit(evicting: nil))
    }

    @Test(arguments: [
        (LocalSendPeer.Standing.announced, "b"), (.connected, "b"), (.verified, "b"),
    ])
    func aFullTableGivesUpItsWeakestLongestSilentRow(newcomer: LocalSendPeer.Standing, evicted: String) {
        let budget = LocalSendPeerBudget(capacity: 4)
        #expect(budget.admit(Self.peer("n", "10.0.1.1", newcomer, seen: 9), into: Self.rows) { _ in false } == .admit(evicting: evicted))
    }

    @Test func aNewcomerNeverPushesOutAStrongerOrProtectedRow() {
        let budget = LocalSendPeerBudget(capacity: 4)
        let strong = Self.rows.filter { $0.standing != .announced }
        let forged = Self.peer("n", "10.9.0.1", .announced, seen: 9)
        let proved = Self.peer("n", "10.9.0.1", .verified, seen: 9)
        #expect(budget.admit(forged, into: strong + [Self.peer("e", "10.0.0.5", .announced, seen: 0), Self.peer("f", "10.0.0.6", .connected, seen: 0)]) { _ in false }
            == .admit(evicting: "e"))
        let connected = strong + [Self.peer("f", "10.0.0.6", .connected, seen: 0), Self.peer("g", "10.0.0.7", .connected, seen: 0)]
        #expect(budget.admit(forged, into: connected) { _ in false } == .refuse)
        #expect(budget.admit(proved, into: connected) { ["c", "f", "g"].contains($0) } == .admit(evicting: "d"))
        #expect(budget.admit(proved, into: connected) { _ in true } == .refuse)
    }

    @Test func oneAddressFullRecyclesItsOwnRowsOnly() {
        let budget = LocalSendPeerBudget(capacity: 100, perAddress: 2)
        let rows = Self.rows + [Self.peer("x", "10.6.6.6", .connected, seen: 3), Self.peer("y", "10.6.6.6", .announced, seen: 4)]
        #expect(budget.admit(Self.peer("n", "10.6.6.6", .announced, seen: 9), into: rows) { _ in false } == .admit(evicting: "y"))
        #expect(budget.admit(Self.peer("n", "10.6.6.6", .connected, seen: 9), into: rows) { _ in false } == .admit(evicting: "y"))
        #expect(budget.admit(Self.peer("n", "10.6.6.6", .announced, seen: 9), into: rows) { $0 == "y" } == .refuse)
    }
}
