import Crypto
import Foundation
import Testing
import FerryTestSupport
@testable import FerryTransfer

/// A receiver's ferryd killed in the middle of a batch upload: the next one finds the batch's
/// files, staged in the offer's tree, and puts them back under their partial names for a resume.
@Suite struct StagingAreaTreeNamesTests {
    @Test func aBatchCutByACrashIsResumedByTheNextReceiver() async throws {
        let scratch = try TemporaryFolder()
        let host = TestHost(root: scratch.path)
        let staging = try StagingArea(directory: scratch.path + "/staging")
        let receiver = Receiver(host: host, staging: staging, limits: Loopback.smallReserve)
        let peer = String(repeating: "a", count: 64)
        host.state.withLock { $0.trusted[peer] = TrustedPeer(fingerprint: peer, name: "p", autoAccept: true) }
        let files = ["album/a.bin", "album/b.bin", "album/deeper/c.bin"].enumerated().map {
            OfferedFile(id: "f\($0.offset)", path: $0.element, size: 1000, sha256: String(repeating: "0", count: 64))
        }
        let id = try await receiver.offer(TransferOffer(sender: "s", files: files), from: peer).offer
        let batch = try await receiver.beginBatch(offer: id, files: files.map(\.id), peer: peer)
        // What had arrived when ferryd died: a, whole; b, 300 bytes; c, nothing.
        #expect(batch.allSatisfy { $0.treePath != nil })
        try Data(count: 1000).write(to: URL(fileURLWithPath: batch[0].path))
        try Data(count: 300).write(to: URL(fileURLWithPath: batch[1].path))

        // No endBatch, no finish: the next ferryd's start.
        let next = try StagingArea(directory: scratch.path + "/staging")
        next.removeOfferTrees()
        #expect(next.offset(files[0], sender: peer) == 1000)
        #expect(next.offset(files[1], sender: peer) == 300)
        #expect(next.offset(files[2], sender: peer) == 0)
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/staging/offers"))
    }

    @Test func aNamesLineCannotMoveAFileFromOutsideTheTree() throws {
        let scratch = try TemporaryFolder()
        let staging = try StagingArea(directory: scratch.path + "/staging")
        let offers = scratch.path + "/staging/offers"
        try FileManager.default.createDirectory(atPath: offers + "/x", withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: scratch.path + "/outside"))
        let partial = String(repeating: "b", count: 32) + ".part"
        try Data("\(partial)\t../../../outside\n\(partial)\t/\(scratch.path)/outside\n".utf8)
            .write(to: URL(fileURLWithPath: offers + "/x.names"))
        staging.removeOfferTrees()
        #expect(FileManager.default.fileExists(atPath: scratch.path + "/outside"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/staging/" + partial))
    }
}
