import Foundation
import NIOCore
import Testing
@testable import FerryTransfer

#if canImport(Glibc)
import Glibc
#endif

/// A staged write into a disk that does not take it (here a FIFO nobody reads: the writer blocks
/// once the pipe's 64 KiB are full) must hold a file-pool thread, not a cooperative one: with as
/// many stalled uploads as the machine has cores, other actors (ferryd's `open`) still run.
@Suite struct StagedFileStallTests {
    actor Probe { func ping() {} }

    /// The read ends of the stalled FIFOs; drained on a plain thread, which needs no cooperative one.
    final class Drain: @unchecked Sendable {
        let fds: [Int32]
        init(_ fds: [Int32]) { self.fds = fds }

        func start(after seconds: Double) {
            Thread.detachNewThread { [fds] in
                Thread.sleep(forTimeInterval: seconds)
                var buffer = [UInt8](repeating: 0, count: 1 << 16)
                var open = Set(fds)
                while !open.isEmpty {
                    for fd in open where read(fd, &buffer, buffer.count) == 0 { open.remove(fd) }
                    usleep(1000)
                }
                for fd in fds { close(fd) }
            }
        }
    }

    @Test func aStalledStagingWriteDoesNotStallOtherActors() async throws {
        let scratch = try Scratch()
        let staging = try StagingArea(directory: scratch.path + "/staging")
        let stalls = ProcessInfo.processInfo.activeProcessorCount
        let size = 1 << 20
        var readers: [Int32] = [], files: [StagedFile] = []
        for index in 0..<stalls {
            let name = "stall-\(index).part"
            #expect(mkfifo(staging.directory + "/" + name, 0o600) == 0)
            // A reader that never reads, so that the staged file's open does not block and its writes do.
            readers.append(open(staging.directory + "/" + name, O_RDONLY | O_NONBLOCK | O_CLOEXEC))
            files.append(try StagedFile.open(in: staging, name: name, size: UInt64(size), expected: nil, offset: 0))
        }
        let drain = Drain(readers)
        // Before: every cooperative thread sat in write(2) until this drain, 3 s later.
        drain.start(after: 3)
        let started = ContinuousClock.now
        let uploads = files.map { file in
            Task { try await file.append(ByteBuffer(repeating: 7, count: size)) }
        }
        try await Task.sleep(for: .milliseconds(300))
        let pinged = ContinuousClock.now
        await Probe().ping()
        let latency = ContinuousClock.now - pinged, total = ContinuousClock.now - started
        print("stalled writes: \(stalls); actor call latency \(latency), 300 ms sleep + call took \(total)")
        #expect(total < .seconds(2))
        for upload in uploads { try await upload.value }
        #expect(files.allSatisfy { $0.written == UInt64(size) })
    }
}
