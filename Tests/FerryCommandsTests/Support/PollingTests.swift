import Testing
import FerryTestSupport

@Suite(.offThePool) struct PollingTests {
    @Test func pollingStopsCheckingOnceTheConditionHolds() {
        var checks = 0
        #expect(poll(tries: 1000, every: 0) { checks += 1; return checks == 3 })
        #expect(checks == 3)
    }

    @Test func pollingGivesUpAfterItsTries() {
        var checks = 0
        #expect(!poll(tries: 5, every: 0) { checks += 1; return false })
        #expect(checks == 6, "each try, then once more at the end")
    }
}
