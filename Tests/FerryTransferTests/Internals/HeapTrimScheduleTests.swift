import Testing
@testable import FerryTransfer

/// When freed heap memory goes back to the system: at most once per interval, and a request that
/// comes too soon is served at the end of the interval, not dropped.
@Suite struct HeapTrimScheduleTests {
    let start = ContinuousClock.now

    @Test func theFirstRequestTrimsAtOnce() {
        var schedule = HeapTrimSchedule(interval: .seconds(1))
        #expect(schedule.request(at: start) == .trimNow)
        #expect(schedule.request(at: start + .seconds(2)) == .trimNow)
    }

    @Test func aRequestTooSoonIsDeferredToTheEndOfTheInterval() {
        var schedule = HeapTrimSchedule(interval: .seconds(1))
        _ = schedule.request(at: start)
        #expect(schedule.request(at: start + .milliseconds(300)) == .trimLater(start + .seconds(1)))
        #expect(schedule.request(at: start + .milliseconds(600)) == .nothing, "the deferred trim covers it")
        schedule.deferredTrimDue(at: start + .seconds(1))
        #expect(schedule.request(at: start + .milliseconds(1500)) == .trimLater(start + .seconds(2)))
    }

    @Test func afterTheDeferredTrimTheNextRequestWaitsAnInterval() {
        var schedule = HeapTrimSchedule(interval: .seconds(1))
        _ = schedule.request(at: start)
        _ = schedule.request(at: start + .milliseconds(100))
        schedule.deferredTrimDue(at: start + .seconds(1))
        #expect(schedule.request(at: start + .milliseconds(2100)) == .trimNow)
    }
}
