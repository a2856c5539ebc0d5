import Foundation
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
