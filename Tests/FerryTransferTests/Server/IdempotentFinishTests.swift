import Crypto
import Foundation
import Synchronization
import Testing
import FerryTestSupport
@testable import FerryTransfer

/// A finish asked twice (the sender lost the first answer) answers the same receipt and delivers
/// once; only the peer that finished the offer learns of it.
@Suite struct IdempotentFinishTests {
    @Test func aSecondFinishGetsTheSameReceiptAndTheInboxHoldsOneCopy() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        let local = try loop.makeFile("src/a.txt", size: 100)
        let offered = [OfferedFile(id: "f0", path: "a.txt", size: 100, sha256: try LocalFile.digest(local))]
        let (first, second) = try await loop.withServer { port in
            try await BatchUploadTests.exchange(loop, port: port, offered) { exchange, offer in
                try await exchange.sendBatch("/ferry/v1/offers/\(offer)/batch", ids: ["f0"], paths: [local], sizes: [100]) { _ in }
                _ = try await exchange.response()
                let first = try await exchange.request(.POST, "/ferry/v1/offers/\(offer)/finish")
                return (first, try await exchange.request(.POST, "/ferry/v1/offers/\(offer)/finish"))
            }
        }
        #expect(first.0 == 200 && second.0 == 200, "\(String(decoding: second.1, as: UTF8.self))")
        let receipts = try [first, second].map { try JSONDecoder().decode(OfferReceipt.self, from: Data($0.1)) }
        #expect(receipts[0] == receipts[1])
        #expect(receipts[0].files.map(\.status) == ["delivered"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: loop.host.inbox()) == ["a.txt"])
        #expect(loop.host.delivered.count == 1, "the apps were told once")
    }

    /// A restarted receiver (a new one on the same staging folder) still knows; another peer gets
    /// the 404 an unknown offer gets; after the day it is unknown to its peer too.
    @Test func theReceiptOutlivesTheReceiverForItsPeerAndItsDayOnly() async throws {
        let scratch = try TemporaryFolder()
        let host = TestHost(root: scratch.path)
        let peer = String(repeating: "a", count: 64)
        host.state.withLock { $0.trusted[peer] = TrustedPeer(fingerprint: peer, name: "p", autoAccept: true) }
        let content = Array("hello".utf8)
        let file = OfferedFile(id: "f0", path: "a.txt", size: 5, sha256: Array(SHA256.hash(data: content)).hexString)
        let first = Receiver(host: host, staging: try StagingArea(directory: scratch.path + "/staging"), limits: Loopback.smallReserve)
        let id = try await first.offer(TransferOffer(sender: "s", files: [file]), from: peer).offer
        let staged = try await first.beginUpload(offer: id, file: "f0", offset: 0, peer: peer)
        try content.withUnsafeBytes { try staged.append($0) }
        _ = try await first.endUpload(offer: id, file: "f0", staged: staged, complete: true)
        let receipt = try await first.finish(offer: id, peer: peer)

        let clock = Clock()
        var timing = OfferTiming()
        timing.clock = { clock.now }
        let restarted = Receiver(host: host, staging: try StagingArea(directory: scratch.path + "/staging"), limits: Loopback.smallReserve, timing: timing)
        #expect(try await restarted.finish(offer: id, peer: peer) == receipt)
        let other = String(repeating: "b", count: 64)
        let error = await #expect(throws: TransferError.self) { try await restarted.finish(offer: id, peer: other) }
        #expect(error?.code == .notFound)
        #expect(try FileManager.default.contentsOfDirectory(atPath: host.inbox()) == ["a.txt"])
        clock.advance(FinishedReceipts.keepSeconds + 1)
        await #expect(throws: TransferError.self) { try await restarted.finish(offer: id, peer: peer) }
    }

    final class Clock: Sendable {
        let time = Mutex<Date>(Date())
        var now: Date { time.withLock { $0 } }
        func advance(_ seconds: Double) { time.withLock { $0 += seconds } }
    }
}
