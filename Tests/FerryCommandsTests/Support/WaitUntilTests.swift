import Testing
import FerryTestSupport

/// The tests' one wait (FerryTestSupport): stops checking once its condition holds, and a wait
/// that runs out fails the test with what it waited for.
@Suite(.offThePool) struct WaitUntilTests {
    @Test func waitingStopsCheckingOnceTheConditionHolds() {
        var checks = 0
        #expect(waitUntil("the third check") { checks += 1; return checks == 3 })
        #expect(checks == 3)
    }

    @Test func aWaitThatRunsOutFailsNamingWhatItAwaited() {
        var checks = 0
        withKnownIssue {
            #expect(!waitUntil("the impossible", within: .milliseconds(50)) { checks += 1; return false })
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("for the impossible") }
        }
        #expect(checks > 1, "checked more than once before giving up")
    }

    @Test func theAsyncWaitFailsTheSameWay() async {
        await withKnownIssue {
            let held = await waitUntil("the impossible", within: .milliseconds(50)) { await Task.yield(); return false }
            #expect(!held)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("for the impossible") }
        }
    }
}
