import FerryCore

#if canImport(Glibc)
import Glibc
#endif

/// A continuation waiting for an app's answer (or, answered `true`, for its connection).
typealias AnswerWaiter = CheckedContinuation<Bool, any Error>

/// Everything the daemon knows about one managed app: its lifecycle, its process and connection
/// (``AppSession``), and the callers waiting on them.
struct ManagedApp {
    var lifecycle = AppLifecycle()
    /// The process, its connection and the answers to come, with their deadlines.
    var session = AppSession<any AppLink, AnswerWaiter>()
    /// When the app entered its current state, in seconds since the epoch.
    var since: Double
    /// When the app entered the background, for suspension.
    var backgroundSince: ContinuousClock.Instant?
    /// Whether the app may keep running in the background (UIBackgroundModes).
    var runsInBackground = false
    /// UIApplicationExitsOnSuspend: the app is terminated (willTerminate) where others are suspended.
    var exitsOnSuspend = false
    /// Exchanges waiting for the answers to come to drop to a count (the pipelining window).
    var replyWaiters: [(atMost: Int, continuation: CheckedContinuation<Void, Never>)] = []
    /// Callers waiting for the process to exit (quit, kill).
    var exitWaiters: [CheckedContinuation<Void, Never>] = []
    /// Event exchanges run one at a time: a reply before the next event.
    let exchange = FIFOLock()
    /// State preservation on the current connection.
    var preservation = Preservation()

    var pid: pid_t? { session.pid }

    init(now: Double) {
        since = now
    }
}
