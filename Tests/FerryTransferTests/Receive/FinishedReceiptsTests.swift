import Foundation
import Testing
import FerryTestSupport
@testable import FerryTransfer

/// The receipts a receiver keeps of finished offers, for a sender that lost the answer.
@Suite struct FinishedReceiptsTests {
    let peer = String(repeating: "a", count: 64)
    let receipt = OfferReceipt(offer: "0123456789abcdef", files: [.init(id: "f0", status: "delivered", app: "org.x", name: "a.txt")])

    @Test func aKeptReceiptIsFoundByItsPeerOnly() throws {
        let scratch = try TemporaryFolder()
        let store = FinishedReceipts(staging: scratch.path + "/staging")
        let now = Date()
        store.save(receipt, peer: peer, now: now)
        #expect(store.receipt(receipt.offer, peer: peer, now: now + 60) == receipt)
        #expect(store.receipt(receipt.offer, peer: String(repeating: "b", count: 64), now: now) == nil)
        #expect(store.receipt("fedcba9876543210", peer: peer, now: now) == nil)
    }

    @Test func aReceiptPastItsDayIsGoneAndPruned() throws {
        let scratch = try TemporaryFolder()
        let store = FinishedReceipts(staging: scratch.path + "/staging")
        let then = Date() - FinishedReceipts.keepSeconds - 1
        store.save(receipt, peer: peer, now: then)
        #expect(store.receipt(receipt.offer, peer: peer, now: Date()) == nil)
        store.prune(now: then + 10)
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory).count == 1, "not yet old at that time")
        store.prune(now: Date())
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory).isEmpty)
    }

    @Test func anIdThatIsNotAnOfferNumberIsNeverAPath() throws {
        let scratch = try TemporaryFolder()
        let store = FinishedReceipts(staging: scratch.path + "/staging")
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        for id in ["../x", "", "ABC", ".json", "a/b"] { #expect(store.receipt(id, peer: peer, now: Date()) == nil) }
        store.save(OfferReceipt(offer: "../../evil", files: []), peer: peer, now: Date())
        #expect(!FileManager.default.fileExists(atPath: (scratch.path as NSString).deletingLastPathComponent + "/evil.json"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory).isEmpty)
    }
}

/// The hand-written form of a kept receipt, and the Codable form earlier ferryds wrote.
@Suite struct FinishedReceiptsFormTests {
    let peer = String(repeating: "a", count: 64)
    let receipt = OfferReceipt(offer: "0123456789abcdef", files: [.init(id: "f0", status: "delivered", app: "org.x", name: "a \"b\".txt"),
                                                                   .init(id: "f1", status: "missing")], url: "opened")

    @Test func aReceiptWrittenByAnEarlierFerrydIsStillRead() throws {
        let scratch = try TemporaryFolder()
        let store = FinishedReceipts(staging: scratch.path + "/staging")
        let now = Date()
        let old = try JSONEncoder().encode(FinishedReceipts.Entry(peer: peer, finished: now.timeIntervalSince1970, receipt: receipt))
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        try old.write(to: URL(fileURLWithPath: store.directory + "/" + receipt.offer + ".json"))
        #expect(store.receipt(receipt.offer, peer: peer, now: now + 1) == receipt)
    }

    @Test func theHandWrittenFormDecodesAsTheCodableOne() throws {
        let entry = FinishedReceipts.Entry(peer: peer, finished: 1_795_787_553.25, receipt: receipt)
        let decoded = try JSONDecoder().decode(FinishedReceipts.Entry.self, from: Data(FinishedReceipts.json(entry)))
        #expect(decoded.peer == peer && decoded.finished == entry.finished && decoded.receipt == receipt)
        #expect(FinishedReceipts.entry(FinishedReceipts.json(entry))?.receipt == receipt)
    }
}
