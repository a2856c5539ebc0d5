import Foundation
import Testing
import FerryTestSupport
@testable import FerryTransfer

/// A sender's long poll for the user's decision is parked on a continuation, not a 50 ms poll:
/// it wakes on the decision and ends when its task is cancelled.
@Suite struct ReceiverDecisionTests {
    let scratch: TemporaryFolder
    let host: TestHost
    let receiver: Receiver
    let peer = String(repeating: "a", count: 64)

    init() throws {
        scratch = try TemporaryFolder()
        host = TestHost(root: scratch.path)
        host.setMode(.everyone(until: Date() + 3600))
        receiver = Receiver(host: host, staging: try StagingArea(directory: scratch.path + "/staging"),
                            limits: Loopback.smallReserve)
    }

    private func pendingOffer() async throws -> String {
        let offer = TransferOffer(sender: "sender", files: [OfferedFile(id: "f0", path: "a.txt", size: 10,
                                                                        sha256: String(repeating: "0", count: 64))])
        let answer = try await receiver.offer(offer, from: peer)
        #expect(answer.status == "pending")
        return answer.offer
    }

    private func waitingSender(_ id: String) -> Task<(String, Duration), any Error> {
        Task { [receiver, peer] in
            let start = ContinuousClock.now
            let answer = try await receiver.answer(id, peer: peer, wait: 60)
            return (answer.status, ContinuousClock.now - start)
        }
    }

    @Test func theDecisionWakesTheWaitingSender() async throws {
        let id = try await pendingOffer()
        let sender = waitingSender(id)
        await eventuallyWaiting()
        #expect(await receiver.accept(id))
        let (status, took) = try await sender.value
        #expect(status == "accepted")
        #expect(took < .seconds(45))
    }

    @Test func aCancelledSenderStopsWaitingAtOnce() async throws {
        let id = try await pendingOffer()
        let sender = waitingSender(id)
        await eventuallyWaiting()
        sender.cancel()
        // Before: the cancelled sleep threw, `try?` ignored it, and the loop spun for the whole wait
        // (capped at 60 s by the receiver). The bounds leave room for a loaded machine running the suite.
        let (status, took) = try await sender.value
        #expect(status == "pending")
        #expect(took < .seconds(45))
        #expect(await receiver.decisionWaiters.isEmpty)
    }

    private func eventuallyWaiting() async {
        await waitUntil("a caller waiting for the decision") { await !receiver.decisionWaiters.isEmpty }
    }
}
