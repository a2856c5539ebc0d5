@testable import FerryCore
import Testing

@testable import FerryDaemon

/// One app's controller without processes: its lifecycle, its token and pid, its queue, and
/// when it is due to be suspended.
@Suite struct AppControllerTests {
    struct NoLink: AppLink {
        func welcome(app: String) {}
        func send(_ event: Envelope<AppEvent>) {}
        func close() {}
    }

    let start = ContinuousClock.now

    static func manifest(exitsOnSuspend: Bool = false, backgroundModes: [String] = []) -> Manifest {
        Manifest(bundleIdentifier: "com.t", urlTypes: [], documentTypes: [], queriesSchemes: [],
                 exitsOnSuspend: exitsOnSuspend, backgroundModes: backgroundModes, program: nil, otherKeys: [:])
    }

    /// Spawned, connected and sent to the background at `start`.
    func inBackground(_ manifest: Manifest = manifest()) throws -> AppController {
        var app = AppController(now: 1)
        _ = try app.apply(.spawn, wallClock: 2, now: start)
        app.spawned(pid: 42, token: "t", manifest: manifest, now: start, watchdog: .seconds(5))
        guard case .attached = app.session.attach(NoLink()) else { throw CancellationError() }
        _ = try app.apply(.send(.didEnterBackground), wallClock: 3, now: start)
        return app
    }

    @Test func aRefusedStepChangesNothingAndLeavesTheAppUnlisted() {
        var app = AppController(now: 1)
        #expect(throws: AppLifecycle.IllegalStep.self) { _ = try app.apply(.resume, wallClock: 9, now: start) }
        #expect(app.state == .notRunning)
        #expect(!app.listed)
        #expect(app.since == 1)
    }

    @Test func stepsListTheAppAndDateItsVisibleStateChanges() throws {
        var app = AppController(now: 1)
        #expect(try app.apply(.spawn, wallClock: 2, now: start))
        #expect(app.listed)
        #expect(app.row("com.t", now: start) == AppStatusRow(bundleId: "com.t", state: .inactive, pid: nil, since: 2))
        // launching → launching: the visible state stays, and so does its date.
        #expect(try !app.apply(.send(.willFinishLaunching), wallClock: 3, now: start))
        #expect(app.since == 2)
        #expect(app.backgroundSince == nil)
        #expect(try app.apply(.send(.didEnterBackground), wallClock: 4, now: start))
        #expect(app.backgroundSince == start)
        #expect(try app.apply(.exited, wallClock: 5, now: start))
        #expect(app.backgroundSince == nil)
    }

    @Test func theTokenAndPidFindTheAppUntilItsProcessExits() throws {
        var controllers = ["com.t": try inBackground(), "com.u": AppController(now: 1)]
        #expect(controllers.app(token: "t") == "com.t")
        #expect(controllers.app(pid: 42) == "com.t")
        #expect(controllers.app(token: "other") == nil)
        let (link, waiters, exitWaiters) = controllers["com.t"]!.exited()
        #expect(link != nil)
        #expect(waiters.isEmpty && exitWaiters.isEmpty)
        #expect(controllers.app(token: "t") == nil)
        #expect(controllers.app(pid: 42) == nil)
        #expect(controllers["com.t"]!.exited().link == nil)
    }

    @Test func anIdleBackgroundAppIsSuspendedOnlyAfterTheDelay() throws {
        var app = try inBackground()
        #expect(app.idleAction(now: start + .seconds(9), suspendAfter: .seconds(10)) == nil)
        #expect(app.idleAction(now: start + .seconds(10), suspendAfter: .seconds(10)) == .suspend)
    }

    @Test func anOperationInItsQueueKeepsTheAppFromSuspending() throws {
        var app = try inBackground()
        let ticket = app.tickets.take()
        #expect(app.idleAction(now: start + .seconds(60), suspendAfter: .seconds(10)) == nil)
        app.tickets.finish(ticket)
        #expect(app.idleAction(now: start + .seconds(60), suspendAfter: .seconds(10)) == .suspend)
    }

    @Test func anAnswerToComeKeepsTheAppFromSuspending() throws {
        var app = try inBackground()
        guard case .write(_, let id) = app.session.send(waiter: nil, deadline: start + .seconds(99), reason: "r") else {
            Issue.record("not written"); return
        }
        #expect(app.idleAction(now: start + .seconds(60), suspendAfter: .seconds(10)) == nil)
        _ = app.session.replied(id)
        #expect(app.idleAction(now: start + .seconds(60), suspendAfter: .seconds(10)) == .suspend)
    }

    @Test func backgroundModesKeepTheAppRunning() throws {
        var app = try inBackground(Self.manifest(backgroundModes: ["audio"]))
        #expect(app.idleAction(now: start + .seconds(60), suspendAfter: .seconds(10)) == nil)
    }

    @Test func anAppThatExitsOnSuspendIsTerminatedOnce() throws {
        var app = try inBackground(Self.manifest(exitsOnSuspend: true))
        #expect(app.idleAction(now: start + .seconds(60), suspendAfter: .seconds(10)) == .terminate)
        #expect(app.session.isQuitting)
        #expect(app.idleAction(now: start + .seconds(61), suspendAfter: .seconds(10)) == nil)
    }

    @Test func replyWaitersWakeWhenTheAnswersToComeDropToTheirCount() async throws {
        var app = try inBackground()
        guard case .write(_, let id) = app.session.send(waiter: nil, deadline: start + .seconds(99), reason: "r") else {
            Issue.record("not written"); return
        }
        await withCheckedContinuation { (woken: CheckedContinuation<Void, Never>) in
            app.replyWaiters.append((atMost: 0, continuation: woken))
            #expect(app.takeReadyReplyWaiters().isEmpty)
            _ = app.session.replied(id)
            let ready = app.takeReadyReplyWaiters()
            #expect(ready.count == 1)
            #expect(app.replyWaiters.isEmpty)
            for waiter in ready { waiter.resume() }
        }
    }

    @Test func anOpenBackgroundTaskKeepsTheAppFromSuspensionUntilItEnds() throws {
        var app = try inBackground()
        app.tasks.enteredBackground(now: start, budget: .seconds(30))
        _ = app.tasks.begin(1, name: nil, now: start)
        #expect(app.idleAction(now: start + .seconds(20), suspendAfter: .seconds(10)) == nil)
        app.tasks.end(1)
        // Ended in the background: suspended at once, not after suspendAfter.
        #expect(app.idleAction(now: start + .seconds(1), suspendAfter: .seconds(10)) == .suspend)
    }

    @Test func enteringTheBackgroundStartsTheBudgetThatPsShows() throws {
        let app = try inBackground()
        #expect(app.row("com.t", now: start + .seconds(10)).backgroundTimeRemaining == .seconds(20))
    }
}
