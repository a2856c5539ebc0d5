import FerryProtocol
@testable import FerryKit
import Synchronization
import Testing

@Suite struct BackgroundTasksTests {
    static func frame(_ id: Int, _ action: AppReply.BackgroundTask.Action, _ name: String? = nil) -> WireMessage {
        .appReply(Envelope(id: id, .backgroundTask(.init(action: action, name: name))))
    }

    @Test func tasksAreNumberedAndEachBeginAndEndIsOneFrame() {
        let application = testApplication()
        let first = application.beginBackgroundTask(name: "upload")
        let second = application.beginBackgroundTask()
        #expect(first.rawValue == 1 && second.rawValue == 2)
        #expect(application.backgroundTasks.openTasks == [first, second])
        application.endBackgroundTask(first)
        #expect(application.backgroundTasks.unsent == [Self.frame(1, .begin, "upload"), Self.frame(2, .begin), Self.frame(1, .end)])
        #expect(application.backgroundTasks.openTasks == [second])
    }

    @Test func endingAnUnknownOrEndedTaskSendsNothing() {
        let application = testApplication()
        let task = application.beginBackgroundTask()
        application.endBackgroundTask(task)
        application.endBackgroundTask(task)
        application.endBackgroundTask(BackgroundTaskIdentifier(rawValue: 99))
        application.endBackgroundTask(.invalid)
        #expect(application.backgroundTasks.unsent == [Self.frame(1, .begin), Self.frame(1, .end)])
    }

    @Test func expiryRunsThatTasksHandlerOnlyAndIsAnsweredTrue() {
        let application = testApplication()
        let ran = Mutex<[Int]>([])
        _ = application.beginBackgroundTask { ran.withLock { $0.append(1) } }
        _ = application.beginBackgroundTask { ran.withLock { $0.append(2) } }
        let event = Envelope(id: 8, AppEvent.event(.init(event: "backgroundTaskWillExpire", task: 2)))
        #expect(application.dispatch(event, to: RecordingDelegate()) == .reply(appReply(8, true)))
        #expect(ran.withLock { $0 } == [2])
    }

    @Test func timeRemainingIsUnlimitedInTheForegroundAndCountsDownFromTheBudget() {
        let application = testApplication()
        #expect(application.backgroundTimeRemaining == .greatestFiniteMagnitude)
        let background = Envelope(id: 1, AppEvent.event(.init(event: "didEnterBackground", budgetMs: 30_000)))
        _ = application.dispatch(background, to: RecordingDelegate())
        #expect(application.backgroundTimeRemaining <= 30 && application.backgroundTimeRemaining > 25)
        _ = application.dispatch(appEvent(2, "willEnterForeground"), to: RecordingDelegate())
        #expect(application.backgroundTimeRemaining == .greatestFiniteMagnitude)
    }

    @Test func noTaskBeginsOnceTheBudgetRanOut() {
        let application = testApplication()
        _ = application.dispatch(Envelope(id: 1, .event(.init(event: "didEnterBackground", budgetMs: 0))), to: RecordingDelegate())
        #expect(application.beginBackgroundTask() == .invalid)
        #expect(application.backgroundTasks.unsent.isEmpty)
    }

    @Test func framesWaitForTheConnectionThenGoThroughIt() {
        let tasks = testApplication().backgroundTasks
        _ = tasks.begin(name: "early")
        let sent = Mutex<[WireMessage]>([])
        tasks.connect { frame in sent.withLock { $0.append(frame) } }
        tasks.end(BackgroundTaskIdentifier(rawValue: 1))
        #expect(sent.withLock { $0 } == [Self.frame(1, .begin, "early"), Self.frame(1, .end)])
        #expect(tasks.unsent.isEmpty)
    }

    @Test func aLaterEventInTheBackgroundRenewsTheBudgetAfterAResume() {
        let application = testApplication()
        _ = application.dispatch(Envelope(id: 1, .event(.init(event: "didEnterBackground", budgetMs: 0))), to: RecordingDelegate())
        #expect(application.beginBackgroundTask() == .invalid)
        // Resumed for a URL opened in the background: the open carries the new budget.
        _ = application.dispatch(Envelope(id: 2, .event(.init(event: "open", url: "aa://x", budgetMs: 30_000))), to: RecordingDelegate())
        #expect(application.beginBackgroundTask() != .invalid)
        #expect(application.backgroundTimeRemaining > 25)
    }
}
