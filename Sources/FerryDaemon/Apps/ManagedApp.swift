import FerryCore
import NIOCore

#if canImport(Glibc)
import Glibc
#endif

/// Everything the daemon knows about one managed app's process.
struct ManagedApp {
    var lifecycle = AppLifecycle()
    var pid: pid_t?
    var token: String?
    /// The app's connection; written with writeAndFlush so an event is queued without suspending.
    var channel: (any Channel)?
    /// When the launch must have finished: spawn plus the watchdog.
    var launchDeadline: ContinuousClock.Instant?
    /// When the app entered its current state, in seconds since the epoch.
    var since: Double
    /// When the app entered the background, for suspension.
    var backgroundSince: ContinuousClock.Instant?
    /// Whether the app may keep running in the background (UIBackgroundModes).
    var runsInBackground = false
    /// UIApplicationExitsOnSuspend: the app is terminated (willTerminate) where others are suspended.
    var exitsOnSuspend = false
    var nextEventID = 1
    /// The launch's connection, awaited after spawn.
    var connectWaiter: Waiter<Void>?
    /// Replies still to come, by event id: one for most events, up to ``AppManager/pipelineWindow``
    /// for `open`s to an app that stays where it is. A nil continuation: nobody waits for the answer,
    /// but its deadline still holds.
    var pendingReplies: [Int: PendingReply] = [:]
    /// Exchanges waiting for the pending replies to drop to a count.
    var replyWaiters: [(atMost: Int, continuation: CheckedContinuation<Void, Never>)] = []
    /// Callers waiting for the process to exit (quit, kill).
    var exitWaiters: [CheckedContinuation<Void, Never>] = []
    /// Event exchanges run one at a time: a reply before the next event.
    let exchange = FIFOLock()
    /// Exit waiters' deadline: the sweeper kills the app then (quit's timeout).
    var exitDeadline: ContinuousClock.Instant?
    /// The app closed its connection while its process runs: it counts as crashed and is being
    /// killed; the next open waits for its exit and launches it anew.
    var connectionLost = false
    /// A quit is under way: the app closes its connection before it exits, as it should.
    var quitting = false
    /// State preservation on the current connection.
    var preservation = Preservation()

    init(now: Double) {
        since = now
    }
}

/// An event's reply to come.
struct PendingReply {
    var continuation: CheckedContinuation<Bool, any Error>?
    var deadline: ContinuousClock.Instant
    var reason: String
}

/// A continuation with a deadline, resumed exactly once by whoever gets there first.
struct Waiter<Value> {
    var continuation: CheckedContinuation<Value, any Error>
    var deadline: ContinuousClock.Instant
    /// What to say when the deadline passes, after the app's name.
    var reason: String
}
