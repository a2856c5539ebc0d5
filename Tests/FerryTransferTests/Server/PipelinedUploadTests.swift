import Foundation
import Synchronization
import Testing
@testable import FerryTransfer

/// Uploads are pipelined (up to 128 in flight) and small ones written many to a flush: every byte
/// must still land in its own file, in order, and a refusal in the middle must still be reported.
@Suite struct PipelinedUploadTests {
    @Test func manyFilesOfMixedSizesArriveWholeAndInOrder() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        // More files than the window, sizes around the 256 KiB chunk, empty files among them.
        let sizes = (0..<300).map { [0, 1, 4096, 262_143, 262_144, 262_145, 700][$0 % 7] }
        for (index, size) in sizes.enumerated() {
            _ = try loop.makeFile(String(format: "many/f%03d.bin", index), size: size, seed: UInt8(index % 251))
        }
        let files = try LocalFile.collect([loop.scratch.path + "/sender/many"])
        let outcome = try await loop.withServer { port in try await loop.client.send(files, to: loop.endpoint(port)) }
        guard case .delivered(let receipt) = outcome else { Issue.record("not delivered: \(outcome)"); return }
        #expect(receipt.files.count == 300)
        #expect(receipt.files.allSatisfy { $0.status == "delivered" })
        #expect(loop.host.delivered.map(\.path) == files.map { loop.host.inbox() + "/" + $0.relativePath })
        for file in files {
            let received = try Data(contentsOf: URL(fileURLWithPath: loop.host.inbox() + "/" + file.relativePath))
            #expect(received == (try Data(contentsOf: URL(fileURLWithPath: file.path))), "\(file.relativePath)")
        }
    }

    @Test func aWrongHashInTheMiddleIsReportedAndNothingIsDelivered() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        for index in 0..<200 { _ = try loop.makeFile(String(format: "batch/f%03d.txt", index), size: 100, seed: UInt8(index)) }
        var collected = try LocalFile.collect([loop.scratch.path + "/sender/batch"])
        collected[150].sha256 = String(repeating: "0", count: 64)
        let files = collected
        let error = await loop.withServerCatching { port in try await loop.client.send(files, to: loop.endpoint(port)) }
        #expect(error?.code == .hashMismatch)
        #expect(loop.host.delivered.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: loop.host.inbox()))
    }
}

/// Large files are hashed while they are sent: the offer has no SHA-256, the upload a trailer.
@Suite struct DigestTrailerTests {
    @Test func filesOfferedWithoutAHashArriveCheckedByTheTrailer() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        _ = try loop.makeFile("big/a.bin", size: 1_000_000)
        _ = try loop.makeFile("big/b.bin", size: 0)
        _ = try loop.makeFile("big/c.bin", size: 10, seed: 9)
        let files = try LocalFile.collect([loop.scratch.path + "/sender/big"], hashing: 0...5)
        #expect(files.map { $0.sha256 == nil } == [true, false, true])
        let outcome = try await loop.withServer { port in try await loop.client.send(files, to: loop.endpoint(port)) }
        guard case .delivered(let receipt) = outcome else { Issue.record("not delivered: \(outcome)"); return }
        #expect(receipt.files.map(\.status) == ["delivered", "delivered", "delivered"])
        for file in files {
            let received = loop.host.inbox() + "/" + file.relativePath
            #expect(try Data(contentsOf: URL(fileURLWithPath: received)) == Data(contentsOf: URL(fileURLWithPath: file.path)))
        }
        #expect(loop.host.delivered.map(\.sha256) == (try files.map { try LocalFile.digest($0.path) }))
    }

    @Test func anInterruptedUploadWithoutAHashResumesAndIsStillChecked() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        let path = try loop.makeFile("movie.bin", size: 2_000_000)
        let files = try LocalFile.collect([path], hashing: 0...0)
        // The first 700,000 bytes are already staged, as a broken connection would leave them.
        let offered = OfferedFile(id: "f0", path: "movie.bin", size: 2_000_000, sha256: nil)
        let staging = try StagingArea(directory: loop.scratch.path + "/receiver/staging")
        let partial = staging.partialPath(offered, sender: loop.senderIdentity.fingerprint)
        try Data(contentsOf: URL(fileURLWithPath: path)).prefix(700_000).write(to: URL(fileURLWithPath: partial))
        let resumedFrom = Mutex<UInt64?>(nil)
        let outcome = try await loop.withServer { port in
            try await loop.client.send(files, to: loop.endpoint(port)) { event in
                if case .accepted(_, let resumed) = event { resumedFrom.withLock { $0 = resumed } }
            }
        }
        guard case .delivered = outcome else { Issue.record("not delivered: \(outcome)"); return }
        #expect(resumedFrom.withLock { $0 } == 700_000)
        #expect(try Data(contentsOf: URL(fileURLWithPath: loop.host.inbox() + "/movie.bin")) == Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
