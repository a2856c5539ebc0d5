import Foundation
import NIOHTTP1
import Synchronization
import Testing
import FerryTestSupport
@testable import FerryTransfer

/// A clock the test moves by hand.
final class TestClock: Sendable {
    private let time = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    var now: Date { time.withLock { $0 } }
    func advance(_ seconds: Double) { time.withLock { $0 += seconds } }
}

/// Offers nobody finishes free their peer's slots: abandoned, declined, expired and cancelled.
@Suite struct ReceiverExpiryTests {
    let scratch: TemporaryFolder
    let host: TestHost
    let clock = TestClock()
    let receiver: Receiver
    let peer = String(repeating: "a", count: 64)

    init() throws {
        scratch = try TemporaryFolder()
        host = TestHost(root: scratch.path)
        var timing = OfferTiming()
        timing.clock = { [clock] in clock.now }
        receiver = Receiver(host: host, staging: try StagingArea(directory: scratch.path + "/staging"),
                            limits: Loopback.smallReserve, timing: timing)
    }

    func offer(_ name: String) -> TransferOffer {
        TransferOffer(sender: "sender", files: [OfferedFile(id: "f0", path: name, size: 10, sha256: String(repeating: "0", count: 64))])
    }

    func refusal(_ name: String) async -> TransferError? {
        do { _ = try await receiver.offer(offer(name), from: peer) } catch { return error }
        return nil
    }

    @Test func acceptedOffersNeverFinishedExpireAndFreeTheirSlots() async throws {
        host.state.withLock { $0.trusted[peer] = TrustedPeer(fingerprint: peer, name: "p", autoAccept: true) }
        for index in 0..<4 { #expect(try await receiver.offer(offer("a\(index).txt"), from: peer).status == "accepted") }
        #expect(await refusal("b.txt")?.message.contains("already has 4 offers open") == true)
        clock.advance(OfferTiming().idleSeconds - 1)
        #expect(await refusal("b.txt") != nil, "not idle long enough yet")
        clock.advance(2)
        #expect(await refusal("b.txt") == nil, "the four abandoned offers expired")
    }

    @Test func anOfferWithAnUploadRunningIsNotAbandoned() async throws {
        host.state.withLock { $0.trusted[peer] = TrustedPeer(fingerprint: peer, name: "p", autoAccept: true) }
        let id = try await receiver.offer(offer("slow.txt"), from: peer).offer
        let staged = try await receiver.beginUpload(offer: id, file: "f0", offset: 0, peer: peer)
        clock.advance(OfferTiming().idleSeconds * 3)
        await receiver.expire()
        #expect(await receiver.records[id] != nil)
        _ = try? await receiver.endUpload(offer: id, file: "f0", staged: staged, complete: false)
        clock.advance(OfferTiming().idleSeconds)
        await receiver.expire()
        #expect(await receiver.records[id] == nil)
    }

    @Test func declinedAndExpiredOffersAreFreed() async throws {
        host.setMode(.everyone(until: clock.now + 3600))
        // Everyone, untrusted: each offer waits for the user.
        var ids: [String] = []
        for index in 0..<4 { ids.append(try await receiver.offer(offer("a\(index).txt"), from: peer).offer) }
        #expect(await receiver.decline(ids[0]))
        #expect(await refusal("b.txt") == nil, "a declined offer holds no slot")
        clock.advance(Loopback.smallReserve.pendingSeconds + 1)
        await receiver.expire()
        #expect(await receiver.records.values.allSatisfy { !$0.isOpen }, "the waiting offers expired")
        clock.advance(OfferTiming().declinedSeconds + 1)
        await receiver.expire()
        #expect(await receiver.records.isEmpty, "declined offers nobody asked about are dropped")
    }

    @Test func aPendingOfferThatExpiresIsReportedDecided() async throws {
        host.setMode(.everyone(until: clock.now + 3600))
        let id = try await receiver.offer(offer("late.txt"), from: peer).offer
        clock.advance(Loopback.smallReserve.pendingSeconds + 1)
        await receiver.expire()
        // The host hears of it (a notification closes), as when the user answers.
        await waitUntil("the host to hear of the expiry") { host.decided.withLock { $0.contains(id) } }
        #expect(host.decided.withLock { $0 } == [id])
    }

    @Test func freshCertificatesDoNotGetFreshRoomWithoutBound() async throws {
        host.setMode(.everyone(until: clock.now + 3600))
        // Each offer from a new certificate, as a stranger minting them would send.
        let stranger = { (index: Int) in String(repeating: String(index % 10), count: 64) + "\(index)" }
        for index in 0..<TransferLimits().pendingOffers {
            #expect(try await receiver.offer(offer("a\(index).txt"), from: stranger(index)).status == "pending")
        }
        do {
            _ = try await receiver.offer(offer("b.txt"), from: stranger(99))
            Issue.record("a ninth waiting offer was taken")
        } catch {
            #expect(error.message.contains("already wait for this device's user"))
        }
        // A trusted peer's offer, which asks nobody, is still taken.
        host.state.withLock { $0.trusted[peer] = TrustedPeer(fingerprint: peer, name: "p", autoAccept: true) }
        #expect(try await receiver.offer(offer("c.txt"), from: peer).status == "accepted")
    }

    /// Throwaway fingerprints from one address take at most its share of the waiting slots; the
    /// refusal is a 429 with a Retry-After, and a sender elsewhere still gets a slot.
    @Test func oneAddressTakesAtMostItsShareOfTheWaitingSlots() async throws {
        host.setMode(.everyone(until: clock.now + 3600))
        let stranger = { (index: Int) in String(repeating: String(index % 10), count: 64) + "\(index)" }
        let limit = TransferLimits().pendingPerAddress
        for index in 0..<limit {
            #expect(try await receiver.offer(offer("a\(index).txt"), from: stranger(index), address: "192.0.2.7").status == "pending")
        }
        do {
            _ = try await receiver.offer(offer("b.txt"), from: stranger(50), address: "192.0.2.7")
            Issue.record("one address took more than \(limit) waiting slots")
        } catch {
            #expect(error.code == .tooMany && error.code.httpStatus == 429)
            #expect(error.retryAfter == Int(Loopback.smallReserve.pendingSeconds))
        }
        // Another /64 of the same IPv6 host counts as the same source.
        _ = try await receiver.offer(offer("c.txt"), from: stranger(60), address: "2001:db8:1:2::1")
        _ = try await receiver.offer(offer("d.txt"), from: stranger(61), address: "2001:db8:1:2:aaaa::2")
        await #expect(throws: TransferError.self) {
            try await receiver.offer(offer("e.txt"), from: stranger(62), address: "2001:db8:1:2:bbbb::3")
        }
        #expect(try await receiver.offer(offer("f.txt"), from: stranger(70), address: "192.0.2.8").status == "pending")
    }

    /// Every waiting slot taken: 503 with a Retry-After, not 413 (nothing is wrong with the offer).
    @Test func aFullWaitingRoomAnswersBusyWithRetryAfter() async throws {
        host.setMode(.everyone(until: clock.now + 3600))
        for index in 0..<TransferLimits().pendingOffers {
            _ = try await receiver.offer(offer("a\(index).txt"), from: String(repeating: "c", count: 63) + "\(index)", address: "192.0.2.\(index)")
        }
        do {
            _ = try await receiver.offer(offer("b.txt"), from: String(repeating: "d", count: 64), address: "192.0.2.99")
            Issue.record("a ninth waiting offer was taken")
        } catch {
            #expect(error.code == .busy && error.code.httpStatus == 503)
            #expect(error.retryAfter != nil)
        }
    }

    @Test func aCancelledOfferIsGoneAndItsSlotFree() async throws {
        host.state.withLock { $0.trusted[peer] = TrustedPeer(fingerprint: peer, name: "p", autoAccept: true) }
        let id = try await receiver.offer(offer("a.txt"), from: peer).offer
        await #expect(throws: TransferError.self) { try await receiver.cancel(offer: id, peer: String(repeating: "b", count: 64)) }
        try await receiver.cancel(offer: id, peer: peer)
        #expect(await receiver.records.isEmpty)
        await #expect(throws: TransferError.self) { try await receiver.answer(id, peer: peer, wait: 0) }
    }

    @Test func aCancelOverTLSFreesTheSlot() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        let offered = [OfferedFile(id: "f0", path: "a.txt", size: 10, sha256: String(repeating: "0", count: 64))]
        let (cancel, again) = try await loop.withServer { port in
            try await BatchUploadTests.exchange(loop, port: port, offered) { exchange, offer in
                let cancel = try await exchange.request(.DELETE, "/ferry/v1/offers/\(offer)")
                let again = try await exchange.request(.DELETE, "/ferry/v1/offers/\(offer)")
                return (cancel, again)
            }
        }
        #expect(cancel.0 == 200 && String(decoding: cancel.1, as: UTF8.self).contains("cancelled"))
        #expect(again.0 == 404)
        #expect(await loop.receiver.records.isEmpty)
    }

    /// Killed after some batches of a folder, the sender offers it again: the files already
    /// received are not sent twice (they were stuck in the first offer's tree).
    @Test func aFolderSentAgainResumesFromTheBatchesThatArrived() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        for index in 0..<6 { _ = try loop.makeFile("album/f\(index).bin", size: 1000, seed: UInt8(index)) }
        let files = try LocalFile.collect([loop.scratch.path + "/sender/album"], hashing: TransferClient.hashedBeforeOffer)
        let offered = files.enumerated().map { OfferedFile(id: "f\($0)", path: $1.relativePath, size: $1.size, sha256: $1.sha256) }
        let events = EventLog()
        let outcome = try await loop.withServer { port in
            try await BatchUploadTests.exchange(loop, port: port, offered) { exchange, offer in
                try await exchange.sendBatch("/ferry/v1/offers/\(offer)/batch", ids: ["f0", "f1", "f2"],
                                             paths: files[0..<3].map(\.path), sizes: [1000, 1000, 1000]) { _ in }
                #expect(try await exchange.response().0 == 200)
            }
            // The first sender is gone without a finish or a cancel; it starts over.
            return try await loop.client.send(files, to: loop.endpoint(port)) { events.append($0) }
        }
        guard case .delivered(let receipt) = outcome else { Issue.record("not delivered: \(outcome)"); return }
        #expect(receipt.files.allSatisfy { $0.status == "delivered" })
        #expect(events.all.contains(.accepted(totalBytes: 6000, resumedBytes: 3000)), "\(events.all.prefix(2))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: loop.host.inbox() + "/album").count == 6)
        #expect(try FileManager.default.contentsOfDirectory(atPath: loop.scratch.path + "/receiver/staging/offers").isEmpty)
    }
}
