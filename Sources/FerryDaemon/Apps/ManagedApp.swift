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
    var nextEventID = 1
    /// The launch's connection, awaited after spawn.
    var connectWaiter: Waiter<Void>?
    /// The reply to the event in flight.
    var pendingReply: (id: Int, waiter: Waiter<Bool>)?
    /// Callers waiting for the process to exit (quit, kill).
    var exitWaiters: [CheckedContinuation<Void, Never>] = []
    /// Operations (opens, quits) run one at a time, in arrival order.
    var queue = FIFOLock()
    /// Event exchanges run one at a time: a reply before the next event.
    var exchange = FIFOLock()
    /// Exit waiters' deadline: the sweeper kills the app then (quit's timeout).
    var exitDeadline: ContinuousClock.Instant?

    init(now: Double) {
        since = now
    }
}

/// A continuation with a deadline, resumed exactly once by whoever gets there first.
struct Waiter<Value> {
    var continuation: CheckedContinuation<Value, any Error>
    var deadline: ContinuousClock.Instant
    /// What to say when the deadline passes, after the app's name.
    var reason: String
}
