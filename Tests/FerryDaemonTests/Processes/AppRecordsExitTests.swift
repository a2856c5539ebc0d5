import CFerrySys
import FerryCore
import FerryTestSupport
import Foundation
import Logging
import Testing
@testable import FerryDaemon

#if canImport(Glibc)
import Glibc
#endif

/// A previous ferryd's apps are waited for by their pidfds: the wait ends at their exit, not at a
/// tick or at the end of the grace period (an hour here).
@Suite(.offThePool) struct AppRecordsExitTests {
    private let scratch: TemporaryFolder
    private let records: AppRecords

    init() throws {
        scratch = try TemporaryFolder()
        records = AppRecords(socketPath: scratch.path + "/ferryd.sock")
    }

    @Test func anAppThatEndsAtSIGTERMIsNotWaitedForLonger() throws {
        let pid = try Launcher.spawn("/bin/sleep", arguments: ["sleep", "30"], environment: [:])
        records.started(pid, app: "com.test.a")
        let start = ContinuousClock.now
        #expect(records.endOrphans(grace: .seconds(3600), logger: Logger(label: "test")) == [pid])
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(Launcher.wait(for: pid) == .signalled(SIGTERM))
    }

    @Test func anAppThatIgnoresSIGTERMIsKilledAtTheGrace() throws {
        let pid = try Launcher.spawn("/bin/sh", arguments: ["sh", "-c", "trap '' TERM; exec sleep 30"], environment: [:])
        // SIGTERM must come after the trap: once sh has become sleep.
        waitUntil("sh to exec sleep") { (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) == "sleep\n" }
        records.started(pid, app: "com.test.stubborn")
        let start = ContinuousClock.now
        #expect(records.endOrphans(grace: .milliseconds(300), logger: Logger(label: "test")) == [pid])
        #expect(ContinuousClock.now - start >= .milliseconds(300))
        #expect(Launcher.wait(for: pid) == .signalled(SIGKILL))
    }

    @Test func theWaitEndsAtTheExitOfEach() throws {
        let pids = try (0..<3).map { _ in try Launcher.spawn("/bin/sleep", arguments: ["sleep", "30"], environment: [:]) }
        let exits = pids.map { ferry_pidfd_open($0) }
        defer { for exit in exits { close(exit) } }
        for pid in pids { kill(pid, SIGTERM) }
        let start = ContinuousClock.now
        #expect(AppRecords.waitForExits(Array(zip(exits, pids)), until: start + .seconds(3600)).isEmpty)
        #expect(ContinuousClock.now - start < .seconds(10))
        for pid in pids { _ = Launcher.wait(for: pid) }
    }
}
