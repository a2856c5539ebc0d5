import Crypto
import Foundation
import Testing
import FerryTestSupport
@testable import FerryTransfer

/// The finish is all or nothing: an offer reaches its Inboxes whole, or nothing of it does.
@Suite struct ReceiverFinishTests {
    /// The offer the attack sent: a file `dir` and a file `dir/inner.txt`, after 13 others. It
    /// failed halfway with 13 files in the Inbox; now `dir/inner.txt` goes to `dir 2/`.
    @Test func aFileAndAFolderOfTheSameNameAreBothDelivered() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        let paths = (0..<13).map { String(format: "f%02d.txt", $0) } + ["dir", "dir/inner.txt"]
        let local = try paths.enumerated().map { try loop.makeFile("src/\($0.offset)", size: 100, seed: UInt8($0.offset)) }
        let offered = try paths.enumerated().map {
            OfferedFile(id: "f\($0.offset)", path: $0.element, size: 100, sha256: try LocalFile.digest(local[$0.offset]))
        }
        let (batch, finish) = try await loop.withServer { port in
            try await BatchUploadTests.exchange(loop, port: port, offered) { exchange, offer in
                try await exchange.sendBatch("/ferry/v1/offers/\(offer)/batch", ids: offered.map(\.id), paths: local,
                                             sizes: Array(repeating: 100, count: paths.count)) { _ in }
                let batch = try await exchange.response().0
                return (batch, try await exchange.request(.POST, "/ferry/v1/offers/\(offer)/finish"))
            }
        }
        #expect(batch == 200)
        #expect(finish.0 == 200, "\(String(decoding: finish.1, as: UTF8.self))")
        let receipt = try JSONDecoder().decode(OfferReceipt.self, from: Data(finish.1))
        #expect(receipt.files.map(\.name) == paths.dropLast() + ["dir 2/inner.txt"])
        let inbox = loop.host.inbox()
        #expect(try Data(contentsOf: URL(fileURLWithPath: inbox + "/dir")) == Data(contentsOf: URL(fileURLWithPath: local[13])))
        #expect(try Data(contentsOf: URL(fileURLWithPath: inbox + "/dir 2/inner.txt")) == Data(contentsOf: URL(fileURLWithPath: local[14])))
        #expect(loop.host.delivered.count == 15)
    }

    /// A symbolic link the app put where the second file's folder goes: the first file, already
    /// moved, goes back; both stay staged whole for a resume.
    @Test func aFinishThatFailsMidwayLeavesNothingInTheInbox() async throws {
        let scratch = try TemporaryFolder()
        let host = TestHost(root: scratch.path)
        let staging = try StagingArea(directory: scratch.path + "/staging")
        let receiver = Receiver(host: host, staging: staging, limits: Loopback.smallReserve)
        let peer = String(repeating: "a", count: 64)
        host.state.withLock { $0.trusted[peer] = TrustedPeer(fingerprint: peer, name: "p", autoAccept: true) }
        let content = Array("hello".utf8)
        let digest = Array(SHA256.hash(data: content)).hexString
        let files = ["a.txt", "sub/b.txt"].enumerated().map { OfferedFile(id: "f\($0.offset)", path: $0.element, size: 5, sha256: digest) }
        let id = try await receiver.offer(TransferOffer(sender: "s", files: files), from: peer).offer
        for file in files {
            let staged = try await receiver.beginUpload(offer: id, file: file.id, offset: 0, peer: peer)
            try content.withUnsafeBytes { try staged.append($0) }
            _ = try await receiver.endUpload(offer: id, file: file.id, staged: staged, complete: true)
        }
        try FileManager.default.createDirectory(atPath: host.inbox(), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch.path + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: host.inbox() + "/sub", withDestinationPath: scratch.path + "/elsewhere")
        await #expect(throws: TransferError.self) { try await receiver.finish(offer: id, peer: peer) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: host.inbox()) == ["sub"], "a.txt went back")
        #expect(files.allSatisfy { staging.offset($0, sender: peer) == 5 }, "both are kept whole for a resume")
        #expect(host.delivered.isEmpty)
    }
}
