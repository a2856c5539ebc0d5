import Testing

@testable import FerryDaemon

/// The background budget and its tasks as a pure machine: time passed in, no process.
@Suite struct BackgroundTasksTests {
    let start = ContinuousClock.now
    let budget = Duration.seconds(30)

    @Test func aTaskBegunInTheForegroundHoldsTheAppInTheBackground() {
        var tasks = BackgroundTasks()
        let begun = tasks.begin(1, name: "upload", now: start)
        #expect(begun)
        tasks.enteredBackground(now: start, budget: budget)
        #expect(tasks.holdsApp)
        #expect(tasks.remaining(now: start + .seconds(10)) == .seconds(20))
    }

    @Test func theWarningComesOnceFiveSecondsBeforeTheEndThenTheTasksAreEnded() {
        var tasks = BackgroundTasks()
        tasks.enteredBackground(now: start, budget: budget)
        _ = tasks.begin(2, name: nil, now: start)
        _ = tasks.begin(1, name: nil, now: start)
        #expect(tasks.due(now: start + .seconds(24), budget: budget) == nil)
        #expect(tasks.due(now: start + .seconds(25), budget: budget) == .warn([1, 2]))
        #expect(tasks.due(now: start + .seconds(26), budget: budget) == nil)
        #expect(tasks.due(now: start + .seconds(30), budget: budget) == .expired([1, 2]))
        #expect(!tasks.holdsApp && tasks.finishedInBackground)
        let late = tasks.begin(3, name: nil, now: start + .seconds(31))
        #expect(!late)
    }

    @Test(arguments: [(Duration.seconds(30), Duration.seconds(5)), (.seconds(2), .milliseconds(500)), (.seconds(20), .seconds(5))])
    func theWarningLeadIsFiveSecondsOrAQuarterOfASmallBudget(_ budget: Duration, _ lead: Duration) {
        #expect(BackgroundTasks.warningLead(budget) == lead)
    }

    @Test func endingTheLastTaskInTheBackgroundLetsTheAppBeSuspended() {
        var tasks = BackgroundTasks()
        _ = tasks.begin(1, name: nil, now: start)
        _ = tasks.begin(2, name: nil, now: start)
        tasks.enteredBackground(now: start, budget: budget)
        let first = tasks.end(1)
        #expect(first && !tasks.finishedInBackground)
        let unknown = tasks.end(7)  // harmless
        #expect(!unknown)
        let last = tasks.end(2)
        #expect(last)
        #expect(tasks.finishedInBackground)
    }

    @Test func endingInTheForegroundDoesNotCountAsFinishingInTheBackground() {
        var tasks = BackgroundTasks()
        _ = tasks.begin(1, name: nil, now: start)
        tasks.end(1)
        #expect(!tasks.finishedInBackground)
        #expect(tasks.due(now: start + .seconds(100), budget: budget) == nil)
    }

    @Test func aNewBackgroundPeriodStartsANewBudget() {
        var tasks = BackgroundTasks()
        tasks.enteredBackground(now: start, budget: budget)
        _ = tasks.begin(1, name: nil, now: start)
        #expect(tasks.due(now: start + .seconds(26), budget: budget) == .warn([1]))
        tasks.leftBackground()
        #expect(tasks.remaining(now: start) == nil)
        tasks.enteredBackground(now: start + .seconds(40), budget: budget)
        #expect(tasks.due(now: start + .seconds(66), budget: budget) == .warn([1]))
    }
}

/// Queued notifications coalesce: the latest of each kind, in the order of their latest posting.
@Suite struct NotificationQueueTests {
    @Test func theLatestOfEachKindIsKept() {
        var queue = NotificationQueue()
        queue.add(.significantTimeChange(.midnight))
        queue.add(.userDefaultsDidChange)
        queue.add(.significantTimeChange(.timeZone))
        queue.add(.userDefaultsDidChange)
        #expect(queue.take() == [.significantTimeChange(.timeZone), .userDefaultsDidChange])
        #expect(queue.take().isEmpty)
    }

    @Test func lockAndUnlockAreOneKindTheLatestWins() {
        var queue = NotificationQueue()
        queue.add(.protectedData(.protectedDataWillBecomeUnavailable))
        queue.add(.currentLocaleDidChange("de_DE.UTF-8"))
        queue.add(.protectedData(.protectedDataDidBecomeAvailable))
        #expect(queue.take() == [.currentLocaleDidChange("de_DE.UTF-8"), .protectedData(.protectedDataDidBecomeAvailable)])
    }
}
