import Foundation
import Testing
import FerryTestSupport

/// Background tasks with the real ferryd and a real app process (LiveDaemon): a task keeps the
/// app running past FERRY_SUSPEND_AFTER; it is stopped (SIGSTOP, state T in /proc) as soon as it
/// ends its task, or, if it does not, after `backgroundTaskWillExpire` when the budget runs out.
@Suite(.serialized) struct BackgroundTaskProcessTests {
    @Test func anAppThatEndsItsTaskIsSuspendedRightAfter() throws {
        let daemon = try LiveDaemon()
        daemon.environment = ["FERRY_SUSPEND_AFTER": "0.3"]
        try daemon.install("worker")
        #expect(try daemon.ferry("open", "--background", "worker://task-finish").status == 0)
        let pid = try #require(try daemon.pid("worker"))
        // 20 ticks of 50 ms: it ran well past the 0.3 s after which an idle app is suspended.
        waitUntil("the task to run for a second") {
            Int((try? String(contentsOfFile: daemon.documents("worker") + "/ticks", encoding: .utf8)) ?? "") ?? 0 >= 20
        }
        #expect(LiveDaemon.processState(pid) != "T")
        let remaining = try #require(try daemon.row("worker")?["backgroundTimeRemaining"] as? Double)
        #expect(remaining > 0 && remaining < 30)
        FileManager.default.createFile(atPath: daemon.documents("worker") + "/finish", contents: nil)
        waitUntil("the app to be stopped once its task ended", within: .seconds(3)) { LiveDaemon.processState(pid) == "T" }
        #expect(try daemon.row("worker")?["state"] as? String == "suspended")
        #expect(daemon.events("worker").suffix(2) == ["didEnterBackground", "endTask 1"])
    }

    @Test func anAppThatKeepsItsTaskIsWarnedThenSuspendedWhenTheBudgetEnds() throws {
        let daemon = try LiveDaemon()
        daemon.environment = ["FERRY_SUSPEND_AFTER": "0.2", "FERRY_BACKGROUND_TASK_BUDGET": "1.2"]
        try daemon.install("keeper")
        let start = ContinuousClock.now
        #expect(try daemon.ferry("open", "--background", "keeper://task").status == 0)
        let pid = try #require(try daemon.pid("keeper"))
        waitUntil("the app to be stopped when the budget ran out") { LiveDaemon.processState(pid) == "T" }
        // Not before the budget (the 0.2 s suspension delay did not apply), and warned first.
        #expect(ContinuousClock.now - start >= .milliseconds(1200))
        #expect(daemon.events("keeper").suffix(2) == ["didEnterBackground", "backgroundTaskWillExpire 1"])
        #expect(try daemon.row("keeper")?["state"] as? String == "suspended")
    }

    @Test func withoutATaskTheDidEnterBackgroundDeadlineStillHolds() throws {
        let daemon = try LiveDaemon()
        try daemon.install("slow")
        let start = ContinuousClock.now
        try daemon.ferry("open", "--background", "slow://slow")
        let pid = try #require(try daemon.pid("slow"))
        waitUntil("the app to be killed") { LiveDaemon.processState(pid) == nil }
        // The default event timeout, 5 s, as before background tasks.
        #expect(ContinuousClock.now - start >= .seconds(5))
        #expect(daemon.events("slow").last == "didEnterBackground")
    }
}
