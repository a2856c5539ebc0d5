import Foundation
import Testing
import FerryTestSupport
@testable import FerryTransfer

/// `Pairing.status(wait:)` and `outcome(wait:)` park on the table, not on a timer: woken by the
/// decision, by the deadline or by cancellation, and none is left parked.
@Suite struct PairingWaitingTests {
    let scratch: TemporaryFolder
    let pairing: Pairing
    let peer = String(repeating: "cd", count: 32)

    init() throws {
        scratch = try TemporaryFolder()
        pairing = Pairing(ownFingerprint: String(repeating: "ab", count: 32), deviceName: "Desk",
                          trust: TrustStore(configHome: scratch.path), lifetime: 600) { .contacts }
    }

    private func ask() async throws -> String {
        try await pairing.request(PairHello(name: "Kitchen"), from: peer).pair
    }

    /// Parks until `count` callers wait, so the decision that follows finds them parked.
    private func untilParked(_ count: Int) async throws {
        await waitUntil("\(count) callers parked") { await pairing.parkedWaiters >= count }
        #expect(await pairing.parkedWaiters == count)
    }

    @Test func everyConcurrentWaiterReturnsTheDecision() async throws {
        let id = try await ask()
        let peer = self.peer
        let pairing = self.pairing
        let statuses = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { try await pairing.status(id, peer: peer, wait: 55).status } }
            group.addTask { await pairing.outcome(id, wait: 55)?.status == .paired ? "paired" : "outcome: not paired" }
            try await untilParked(9)
            _ = try await pairing.confirm(id, accept: true, peer: peer)
            _ = try await pairing.decide(id, accept: true)
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: "paired", count: 9))
        #expect(await pairing.parkedWaiters == 0)
    }

    @Test func aDeclineWakesTheWaiter() async throws {
        let id = try await ask()
        async let answer = pairing.status(id, peer: peer, wait: 55)
        try await untilParked(1)
        _ = try? await pairing.decide(id, accept: false)
        #expect(try await answer.status == "declined")
        #expect(await pairing.parkedWaiters == 0)
    }

    @Test func theDeadlineReturnsPending() async throws {
        let id = try await ask()
        #expect(try await pairing.status(id, peer: peer, wait: 0.2).status == "pending")
        #expect(await pairing.outcome(id, wait: 0.2)?.status == .pending)
        #expect(await pairing.parkedWaiters == 0)
    }

    @Test func theRequestsOwnExpiryWakesTheWaiter() async throws {
        let short = Pairing(ownFingerprint: String(repeating: "ab", count: 32), deviceName: "Desk",
                            trust: TrustStore(configHome: scratch.path), lifetime: 0.3) { .contacts }
        let id = try await short.request(PairHello(name: "Kitchen"), from: peer).pair
        let answer = try await short.status(id, peer: peer, wait: 55)
        #expect(answer.status == "declined")
        #expect(await short.parkedWaiters == 0)
    }

    /// The old loop ignored cancellation: its `try? Task.sleep` returned at once, and it spun
    /// until the deadline. A cancelled waiter now leaves at once, with the request as it stands.
    @Test func aCancelledWaiterReturnsAndLeavesNothingParked() async throws {
        let id = try await ask()
        let peer = self.peer
        let pairing = self.pairing
        let status = Task { try await pairing.status(id, peer: peer, wait: 60).status }
        let outcome = Task { await pairing.outcome(id, wait: 60)?.status }
        try await untilParked(2)
        let cancelled = ContinuousClock.now
        status.cancel()
        outcome.cancel()
        #expect(try await status.value == "pending")
        #expect(await outcome.value == .pending)
        // Far below the 60 s deadline the old loop spun to; not a measure of promptness.
        #expect(ContinuousClock.now - cancelled < .seconds(30))
        #expect(await pairing.parkedWaiters == 0)
    }
}
