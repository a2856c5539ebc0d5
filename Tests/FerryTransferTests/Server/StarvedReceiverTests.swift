import Foundation
import Testing
import FerryTestSupport
@testable import FerryTransfer

/// A receiver whose own tasks cannot run for longer than its idle timeout (its cooperative pool
/// held by other work, as in a loaded test process or a busy ferryd) stops reading by backpressure,
/// while the sender keeps sending: the upload must survive, not be cut as "idle".
/// Run alone (scripts/test, FERRY_STALL_TESTS=1): it holds every cooperative thread of the process.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["FERRY_STALL_TESTS"] == "1" && CurlSenderTests.curlAvailable,
                "run by scripts/test on its own: FERRY_STALL_TESTS=1 swift test --filter StarvedReceiverTests"))
struct StarvedReceiverTests {
    @Test func aLiveUploadOutlastsAReceiverStarvedPastItsIdleTimeout() async throws {
        var connections = ConnectionLimits()
        connections.idleSeconds = 2
        let loop = try Loopback(connections: connections)
        loop.host.trust(loop.senderIdentity)
        let size = 48 << 20
        let file = try loop.makeFile("big.bin", size: size)
        let digest = try LocalFile.digest(file)
        // 16 MB/s: the upload is still running (3 s) when the starvation (6 s) begins.
        let script = try CurlSenderTests.recipe(loop, file: file, uploadOptions: "--limit-rate 16M")
        let staging = loop.scratch.path + "/receiver/staging"
        let (result, late) = try await loop.withServer { port in
            async let result = CurlSenderTests.shell(script, port: port)
            await waitUntil("staged bytes in \(staging)") { Self.hasStagedBytes(in: staging) }
            let late = await Self.starveTheCooperativePool(seconds: 6)
            return (try await result, late)
        }
        // Void unless the receiver's tasks really could not run for longer than its idle timeout.
        #expect(late > .seconds(connections.idleSeconds + 1), "the pool was not starved: a task waited only \(late)")
        #expect(result.0 == 0, "curl failed: \(result.1)")
        #expect(result.1.contains(#""status":"delivered""#))
        #expect(try LocalFile.digest(loop.host.inbox() + "/big.bin") == digest)
    }

    /// Whether some staged file has bytes: the upload is under way.
    static func hasStagedBytes(in directory: String) -> Bool {
        let files = FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? []
        let sizes = files.compactMap { try? FileManager.default.attributesOfItem(atPath: directory + "/" + $0)[.size] as? Int }
        return sizes.contains { $0 > 0 }
    }

    /// Holds every cooperative thread for `seconds`; returns how long a task started just after
    /// waited to run.
    static func starveTheCooperativePool(seconds: Double) async -> Duration {
        for _ in 0..<ProcessInfo.processInfo.activeProcessorCount {
            Task.detached { hold(seconds) }
        }
        let start = ContinuousClock.now
        return await Task.detached { ContinuousClock.now - start }.value
    }

    /// Blocks the calling thread, on purpose a cooperative one.
    private static func hold(_ seconds: Double) { Thread.sleep(forTimeInterval: seconds) }
}
