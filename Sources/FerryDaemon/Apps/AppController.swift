import FerryCore

#if canImport(Glibc)
import Glibc
#endif

/// A continuation waiting for an app's answer (or, answered `true`, for its connection).
typealias AnswerWaiter = CheckedContinuation<Bool, any Error>

/// One managed app, owned whole: its lifecycle, its process and connection (``AppSession``, which
/// holds the pid and the launch token), its queue of operations, and the callers waiting on them.
/// The app manager keeps one per app in a single dictionary, and performs what these methods
/// decide; the bookkeeping itself is tested without processes (AppControllerTests).
struct AppController {
    var lifecycle = AppLifecycle()
    /// The process, its connection and the answers to come, with their deadlines.
    var session = AppSession<any AppLink, AnswerWaiter>()
    /// Operations on the app (open, quit), served in the order they arrived.
    let tickets = TicketQueue()
    /// Event exchanges run one at a time: a reply before the next event.
    let exchange = FIFOLock()
    /// When the app entered its current state, in seconds since the epoch.
    private(set) var since: Double
    /// When the app entered the background, for suspension.
    private(set) var backgroundSince: ContinuousClock.Instant?
    /// Whether `ferry ps` lists the app: from its first lifecycle step (its first spawn) on.
    private(set) var listed = false
    /// Whether the app may keep running in the background (UIBackgroundModes).
    private(set) var runsInBackground = false
    /// UIApplicationExitsOnSuspend: the app is terminated (willTerminate) where others are suspended.
    private(set) var exitsOnSuspend = false
    /// Exchanges waiting for the answers to come to drop to a count (the pipelining window).
    var replyWaiters: [(atMost: Int, continuation: CheckedContinuation<Void, Never>)] = []
    /// Callers waiting for the process to exit (quit, kill).
    var exitWaiters: [CheckedContinuation<Void, Never>] = []
    /// State preservation on the current connection.
    var preservation = Preservation()
    /// Notifications that arrived while the app was suspended, for its resume.
    var notifications = NotificationQueue()
    /// Its open background tasks and the budget of the current background period.
    var tasks = BackgroundTasks()

    var pid: pid_t? { session.pid }
    var token: String? { session.token }
    var state: AppLifecycle.State { lifecycle.state }

    init(now: Double) {
        since = now
    }

    /// What an idle app in the background is due.
    enum IdleAction: Equatable {
        /// SIGSTOP, as iOS suspends.
        case suspend
        /// It exits on suspend: quit it instead (it is marked quitting).
        case terminate
    }
}

extension AppController {
    /// Applies `step` to the lifecycle.
    /// - Parameters:
    ///   - wallClock: Now, in seconds since the epoch (``since``).
    ///   - now: Now, on the clock of the suspension timer.
    ///   - budget: The background-task budget that starts when the app enters the background.
    /// - Returns: Whether the app's visible state changed.
    /// - Throws: When the lifecycle refuses the step; nothing changes then.
    mutating func apply(_ step: AppLifecycle.Step, wallClock: Double, now: ContinuousClock.Instant,
                        budget: Duration = .seconds(30)) throws(AppLifecycle.IllegalStep) -> Bool {
        let before = lifecycle.appState
        try lifecycle.apply(step)
        listed = true
        guard lifecycle.appState != before else { return false }
        since = wallClock
        backgroundSince = lifecycle.appState == .background ? now : nil
        switch lifecycle.appState {
        case .background: tasks.enteredBackground(now: now, budget: budget)
        case .notRunning: tasks.reset()
        case .suspended: break
        case .inactive, .active: tasks.leftBackground()
        }
        return true
    }

    /// The process `pid` was spawned for `manifest` with the one-time `token`.
    mutating func spawned(pid: pid_t, token: String, manifest: Manifest, now: ContinuousClock.Instant, watchdog: Duration) {
        session.spawned(pid: pid, token: token, now: now, watchdog: watchdog)
        preservation.preparing = nil
        runsInBackground = !manifest.backgroundModes.isEmpty
        exitsOnSuspend = manifest.exitsOnSuspend
    }

    /// The process exited: its token and pid are gone with it.
    /// - Returns: The link to close, the answers' waiters to fail and the exit's waiters to resume.
    mutating func exited() -> (link: (any AppLink)?, waiters: [AnswerWaiter], exitWaiters: [CheckedContinuation<Void, Never>]) {
        let (link, waiters) = session.exited()
        defer { exitWaiters = [] }
        notifications = NotificationQueue()
        tasks.reset()
        return (link, waiters, exitWaiters)
    }

    /// Takes the exchanges whose wait for pending replies is over, for the owner to resume.
    mutating func takeReadyReplyWaiters() -> [CheckedContinuation<Void, Never>] {
        let pending = session.pendingCount
        let ready = replyWaiters.filter { pending <= $0.atMost }.map(\.continuation)
        replyWaiters.removeAll { pending <= $0.atMost }
        return ready
    }

    /// Whether the app has been idle in the background for `suspendAfter` (or its last background
    /// task just ended): no background mode, no open background task, no quit, no exchange,
    /// answer or operation under way.
    /// - Returns: What it is due, or nil; an app that exits on suspend is marked quitting.
    mutating func idleAction(now: ContinuousClock.Instant, suspendAfter: Duration) -> IdleAction? {
        guard state == .background, !runsInBackground, !session.isQuitting, !tasks.holdsApp,
              let backgroundSince, now - backgroundSince >= suspendAfter || tasks.finishedInBackground,
              !exchange.isHeld, session.pendingCount == 0, tickets.isIdle
        else { return nil }
        guard exitsOnSuspend else { return .suspend }
        session.markQuitting()
        return .terminate
    }

    /// The app's row in `ferry ps`.
    /// - Parameter now: For the background time remaining, shown while the app is in the background.
    func row(_ app: String, now: ContinuousClock.Instant) -> AppStatusRow {
        let remaining = state == .background ? tasks.remaining(now: now) : nil
        return AppStatusRow(bundleId: app, state: lifecycle.appState, pid: pid, since: since, backgroundTimeRemaining: remaining)
    }
}

extension [String: AppController] {
    /// The app whose running process was given `token`.
    func app(token: String) -> String? {
        first { $0.value.token == token }?.key
    }

    /// The app whose running process is `pid`.
    func app(pid: pid_t) -> String? {
        first { $0.value.pid == pid }?.key
    }
}
