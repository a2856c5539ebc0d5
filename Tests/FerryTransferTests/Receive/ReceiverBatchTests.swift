import Crypto
import Foundation
import NIOCore
import Testing
import FerryTestSupport
@testable import FerryTransfer

/// A batch cut between two files leaves the next file's partial created and empty (the batch opens
/// each file as the one before it ends). Resent, that file comes from byte 0 in a batch, staged in
/// the offer's tree: the empty partial must not outlive the delivery (issue 13's fault matrix,
/// Tests/LAN/faults receiver_killed_mid_batch).
@Suite struct ReceiverBatchTests {
    @Test func aDeliveredBatchLeavesNoPartialOfItsFilesBehind() async throws {
        let scratch = try TemporaryFolder()
        let host = TestHost(root: scratch.path)
        let staging = try StagingArea(directory: scratch.path + "/staging")
        let receiver = Receiver(host: host, staging: staging, limits: Loopback.smallReserve)
        let peer = String(repeating: "a", count: 64)
        host.state.withLock { $0.trusted[peer] = TrustedPeer(fingerprint: peer, name: "p", autoAccept: true) }
        // Hashed as they go up, as the sender does with small files: the partial names say "trailer".
        let files = ["album/a.bin", "album/b.bin"].enumerated().map { OfferedFile(id: "f\($0.offset)", path: $0.element, size: 1000, sha256: nil) }
        let content = [UInt8](repeating: 7, count: 1000)

        // The first send: a whole, its digest, and the connection is gone as b is opened.
        let first = try await receiver.offer(TransferOffer(sender: "s", files: files), from: peer).offer
        let cut = try await receiver.beginBatch(offer: first, files: files.map(\.id), peer: peer)
        var cursor = BatchCursor(files: cut[...], inlineDigests: true)
        try cursor.advance()
        try cursor.take(ByteBuffer(bytes: content + LocalFileDigest.of(content)))
        cursor.current = nil
        await receiver.endBatch(offer: first, files: cut, receipts: cursor.receipts, failed: true)
        try await receiver.cancel(offer: first, peer: peer)
        #expect(partials(staging).count == 2, "a whole and b empty, under their partial names")

        // The resend: a resumed at its end by a single upload, b from byte 0 in a batch.
        let answer = try await receiver.offer(TransferOffer(sender: "s", files: files), from: peer)
        #expect(answer.files.map(\.offset) == [1000, 0])
        let kept = try await receiver.beginUpload(offer: answer.offer, file: "f0", offset: 1000, peer: peer)
        _ = try await receiver.endUpload(offer: answer.offer, file: "f0", staged: kept, complete: true, trailer: LocalFileDigest.of(content).hexString)
        let batch = try await receiver.beginBatch(offer: answer.offer, files: ["f1"], peer: peer)
        var resend = BatchCursor(files: batch[...], inlineDigests: true)
        try resend.advance()
        try resend.take(ByteBuffer(bytes: content + LocalFileDigest.of(content)))
        try resend.end()
        await receiver.endBatch(offer: answer.offer, files: batch, receipts: resend.receipts, failed: false)
        let receipt = try await receiver.finish(offer: answer.offer, peer: peer)

        #expect(receipt.files.map(\.status) == ["delivered", "delivered"])
        #expect(partials(staging).isEmpty, "left in staging: \(partials(staging))")
    }

    /// The same file offered twice at once (two sends of one folder): the partial the first offer
    /// is still writing is not the second one's leftover.
    @Test func aPartialAnotherOfferWritesStays() async throws {
        let scratch = try TemporaryFolder()
        let host = TestHost(root: scratch.path)
        let staging = try StagingArea(directory: scratch.path + "/staging")
        let receiver = Receiver(host: host, staging: staging, limits: Loopback.smallReserve)
        let peer = String(repeating: "a", count: 64)
        host.state.withLock { $0.trusted[peer] = TrustedPeer(fingerprint: peer, name: "p", autoAccept: true) }
        let files = [OfferedFile(id: "f0", path: "album/a.bin", size: 1000, sha256: nil)]
        let content = [UInt8](repeating: 7, count: 1000)

        let first = try await receiver.offer(TransferOffer(sender: "s", files: files), from: peer).offer
        let writing = try await receiver.beginUpload(offer: first, file: "f0", offset: 0, peer: peer)
        try content.prefix(300).withUnsafeBytes { try writing.append($0) }
        // Not superseded: its upload runs.
        let second = try await receiver.offer(TransferOffer(sender: "s", files: files), from: peer).offer
        let batch = try await receiver.beginBatch(offer: second, files: ["f0"], peer: peer)
        var cursor = BatchCursor(files: batch[...], inlineDigests: true)
        try cursor.advance()
        try cursor.take(ByteBuffer(bytes: content + LocalFileDigest.of(content)))
        await receiver.endBatch(offer: second, files: batch, receipts: cursor.receipts, failed: false)
        _ = try await receiver.finish(offer: second, peer: peer)

        #expect(partials(staging) == [staging.partialName(files[0], sender: peer)])
    }

    private func partials(_ staging: StagingArea) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: staging.directory)) ?? []).filter { $0.hasSuffix(".part") }.sorted()
    }
}

/// The SHA-256 of bytes, as a batch sends it after each file.
enum LocalFileDigest {
    static func of(_ bytes: [UInt8]) -> [UInt8] { Array(SHA256.hash(data: bytes)) }
}
