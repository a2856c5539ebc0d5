import Foundation
import Testing
@testable import FerryTransfer

@Suite struct PairRequestTableTests {
    let now = Date(timeIntervalSince1970: 1_000_000)

    func table(_ requests: [(String, String)]) throws -> PairRequestTable {
        var table = PairRequestTable()
        for (id, peer) in requests { _ = try table.add(id: id, peer: peer, name: "n-" + peer, code: "123456", now: now) }
        return table
    }

    @Test func pairedOnlyOnceBothUsersAccept() throws {
        var table = try table([("r1", "a")])
        #expect(try table.decide("r1", by: .receiver, accept: true, now: now) == nil)
        #expect(table.request("r1", now: now)?.status == .pending)
        let paired = try table.decide("r1", by: .sender, accept: true, peer: "a", now: now)
        #expect(paired?.peer == "a")
        #expect(table.request("r1", now: now)?.status == .paired)
    }

    @Test(arguments: [PairRequestTable.Side.sender, .receiver])
    func eitherSideDecliningEndsIt(side: PairRequestTable.Side) throws {
        var table = try table([("r1", "a")])
        let other: PairRequestTable.Side = side == .sender ? .receiver : .sender
        #expect(try table.decide("r1", by: other, accept: true, now: now) == nil)
        #expect(try table.decide("r1", by: side, accept: false, now: now) == nil)
        guard case .declined = table.request("r1", now: now)?.status else { Issue.record("not declined"); return }
        // A late yes changes nothing.
        #expect(try table.decide("r1", by: side, accept: true, now: now) == nil)
        #expect(table.pending(now: now).isEmpty)
    }

    @Test func unansweredRequestsExpireThenAreForgotten() throws {
        var table = try table([("r1", "a")])
        #expect(try table.decide("r1", by: .sender, accept: true, now: now) == nil)
        let late = now + table.lifetime
        #expect(table.request("r1", now: late)?.status == .declined("nobody confirmed within 120 s"))
        #expect(try table.decide("r1", by: .receiver, accept: true, now: late) == nil)
        #expect(table.request("r1", now: late + table.linger) == nil)
    }

    @Test func atMostFourWaitAtOnce() throws {
        var table = try table([("r1", "a"), ("r2", "b"), ("r3", "c"), ("r4", "d")])
        #expect(throws: TransferError.self) { _ = try table.add(id: "r5", peer: "e", name: "e", code: "1", now: now) }
        // Once one is answered, there is room again.
        _ = try table.decide("r1", by: .receiver, accept: false, now: now)
        #expect(try table.add(id: "r5", peer: "e", name: "e", code: "1", now: now).id == "r5")
    }

    @Test func aNewRequestFromTheSameDeviceReplacesItsOldOne() throws {
        var table = try table([("r1", "a"), ("r2", "a")])
        #expect(table.pending(now: now).map(\.id) == ["r2"])
        guard case .declined = table.request("r1", now: now)?.status else { Issue.record("r1 not replaced"); return }
    }

    @Test func throwawayCertificatesFromOneAddressHoldOneSlot() throws {
        var table = PairRequestTable()
        for (index, peer) in ["t1", "t2", "t3", "t4"].enumerated() {
            _ = try table.add(id: "r\(index)", peer: peer, address: "192.0.2.66", name: peer, code: "1", now: now)
        }
        #expect(table.pending(now: now).map(\.peer) == ["t4"])
        // A real device elsewhere still gets its request in.
        #expect(try table.add(id: "real", peer: "phone", address: "192.0.2.7", name: "phone", code: "1", now: now).id == "real")
        #expect(table.pending(now: now).count == 2)
    }

    @Test func anotherDeviceCannotAnswerForTheAskingOne() throws {
        var table = try table([("r1", "a")])
        #expect(throws: TransferError.self) { _ = try table.decide("r1", by: .sender, accept: true, peer: "b", now: now) }
        #expect(throws: TransferError.self) { _ = try table.decide("nope", by: .receiver, accept: true, now: now) }
        #expect(table.request("r1", now: now)?.status == .pending)
    }
}
