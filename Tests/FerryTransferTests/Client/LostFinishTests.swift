import Foundation
import Synchronization
import Testing
import FerryTestSupport
@testable import FerryTransfer

/// The link breaks after the receiver finished but before its answer came: the sender's resend
/// asks first, reports the files delivered, and nothing arrives twice.
@Suite struct LostFinishTests {
    @Test func aResendAfterALostFinishAnswerSendsNothingTwice() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        let paths = [try loop.makeFile("a.txt", size: 1000), try loop.makeFile("b.bin", size: 300_000, seed: 3)]
        var sender = loop.client
        sender.finishes = PendingFinishes(directory: loop.scratch.path + "/sender/finishing")
        let client = sender
        let files = try LocalFile.collect(paths)
        let finished = loop.scratch.path + "/receiver/finished"
        let (first, second, events) = try await loop.withServer { port in
            let relay = try StallingRelay(upstream: port, stallAfter: .max, fault: .pause(0))
            // The receiver moved the files; its answer never reaches the sender.
            loop.host.onDelivered.withLock { $0 = { relay.stop() } }
            let first: TransferError?
            do {
                _ = try await client.send(files, to: loop.endpoint(relay.port))
                first = nil
            } catch { first = error as? TransferError }
            loop.host.onDelivered.withLock { $0 = nil }
            await waitUntil("a finished receipt in \(finished)") { !((try? FileManager.default.contentsOfDirectory(atPath: finished)) ?? []).isEmpty }
            let events = Mutex<[TransferEvent]>([])
            let second = try await client.send(files, to: loop.endpoint(port)) { event in events.withLock { $0.append(event) } }
            return (first, second, events.withLock { $0 })
        }
        #expect(first?.message.contains("sending them again first asks") == true, "\(String(describing: first))")
        guard case .deliveredEarlier(let receipt) = second else {
            Issue.record("the resend was not answered by the earlier receipt: \(second)")
            return
        }
        #expect(receipt.files.map { $0.status } == ["delivered", "delivered"])
        #expect(events.isEmpty, "nothing was offered or uploaded: \(events)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: loop.host.inbox()).sorted() == ["a.txt", "b.bin"])
        #expect(loop.host.delivered.count == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: loop.scratch.path + "/sender/finishing").isEmpty)
    }

    /// A note of an offer the receiver does not know (it never finished, or forgot) is dropped and
    /// the files are sent as usual.
    @Test func aNoteTheReceiverDoesNotKnowIsDroppedAndTheSendGoesOn() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        let files = try LocalFile.collect([try loop.makeFile("a.txt", size: 1000)])
        let store = PendingFinishes(directory: loop.scratch.path + "/sender/finishing")
        let key = PendingFinishes.key(files, app: nil, url: nil)
        store.record(peer: loop.receiverIdentity.fingerprint, key: key, offer: "0123456789abcdef")
        var sender = loop.client
        sender.finishes = store
        let client = sender
        let outcome = try await loop.withServer { port in try await client.send(files, to: loop.endpoint(port)) }
        guard case .delivered = outcome else { Issue.record("not delivered: \(outcome)"); return }
        #expect(store.offer(peer: loop.receiverIdentity.fingerprint, key: key) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: loop.host.inbox()) == ["a.txt"])
    }
}
