import Foundation
import NIOCore
import Synchronization
import Testing
import FerryTestSupport
@testable import FerryTransfer

#if canImport(Glibc)
import Glibc
#endif

/// A staged write into a disk that does not take it (here a FIFO nobody reads: the writer blocks
/// once the pipe's 64 KiB are full) must hold a file-pool thread, not a cooperative one: with as
/// many stalled uploads as the machine has cores, other actors (ferryd's `open`) still run.
/// Run alone (scripts/test sets FERRY_STALL_TESTS=1 for a second `swift test`): it blocks every
/// thread of NIO's shared pool, which all transfer tests of the process use, and on a loaded machine
/// its own task may wait long to undo that, so the other tests' connections timed out.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["FERRY_STALL_TESTS"] == "1",
                "run by scripts/test on its own: FERRY_STALL_TESTS=1 swift test --filter StagedFileStallTests"))
struct StagedFileStallTests {
    actor Probe { func ping() {} }

    /// The read ends of the stalled FIFOs, drained on a plain thread (it needs no cooperative one)
    /// when the test has seen what it came for, or by a watchdog.
    final class Drain: @unchecked Sendable {
        let fds: [Int32]
        private let done = DispatchSemaphore(value: 0)
        private let fired = Mutex(false)
        /// Whether the watchdog had to drain: the test's own task could not run before.
        var watchdogFired: Bool { fired.withLock { $0 } }

        init(_ fds: [Int32]) { self.fds = fds }

        func start(watchdog seconds: Double) {
            Thread.detachNewThread { [self] in
                if done.wait(timeout: .now() + seconds) == .timedOut { fired.withLock { $0 = true } }
                var buffer = [UInt8](repeating: 0, count: 1 << 16)
                var open = Set(fds)
                while !open.isEmpty {
                    for fd in open where read(fd, &buffer, buffer.count) == 0 { open.remove(fd) }
                    usleep(1000)  // the FIFOs are non-blocking: read them 1 ms apart until their writers close
                }
                for fd in fds { close(fd) }
            }
        }

        func drainNow() { done.signal() }
    }

    @Test func aStalledStagingWriteDoesNotStallOtherActors() async throws {
        let scratch = try TemporaryFolder()
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
        // Before: every cooperative thread sat in write(2) until the watchdog drained the FIFOs.
        // The watchdog is generous: a loaded machine running the whole suite delays the wait below.
        drain.start(watchdog: 120)
        let started = ContinuousClock.now
        let uploads = files.map { file in
            Task { try await file.append(ByteBuffer(repeating: 7, count: size)) }
        }
        await waitUntil("every staged write stalled on its full FIFO") { readers.allSatisfy { unreadBytes($0) >= 65536 } }
        let pinged = ContinuousClock.now
        await Probe().ping()
        let latency = ContinuousClock.now - pinged, total = ContinuousClock.now - started
        drain.drainNow()
        print("stalled writes: \(stalls); actor call latency \(latency), wait for the stall + call took \(total)")
        #expect(!drain.watchdogFired, "the actor call waited for the stalled writes (\(total))")
        for upload in uploads { try await upload.value }
        #expect(files.allSatisfy { $0.written == UInt64(size) })
    }
}
