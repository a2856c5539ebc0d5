import FerryProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A background task's identifier (UIKit's `UIBackgroundTaskIdentifier`); ``invalid`` when none
/// could be begun.
public struct BackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// No task: what ``BackgroundTasks/begin(name:expirationHandler:)`` returns once the
    /// background time has run out.
    public static let invalid = BackgroundTaskIdentifier(rawValue: 0)
}

/// The app's background tasks: while one is open ferryd does not suspend the app, for at most the
/// budget that starts when it enters the background (`FERRY_BACKGROUND_TASK_BUDGET`, 30 s).
///
/// Safe from any thread, so work running on a thread of its own can end its task: take
/// ``Application/backgroundTasks`` there. Expiration handlers run on the event loop's thread,
/// when ferryd sends `backgroundTaskWillExpire`, a few seconds before the budget ends; a task not
/// ended by then is ended for the app, which is suspended (docs/app-services.md).
public final class BackgroundTasks: @unchecked Sendable {
    private let lock = PthreadLock()
    private var next = 1
    private var handlers: [Int: @Sendable () -> Void] = [:]
    private var deadline: ContinuousClock.Instant?
    /// Writes a `background-task` frame; nil before the connection (frames are kept in ``unsent``).
    private var writer: (@Sendable (WireMessage) -> Void)?
    /// Frames made without a writer (unit tests, or before the loop starts), oldest first.
    private(set) var unsent: [WireMessage] = []

    init() {}

    /// Begins a task: until ``end(_:)`` the app is not suspended in the background.
    ///
    /// - Parameters:
    ///   - name: What the task does, for ferryd's log.
    ///   - expirationHandler: Runs when the budget nearly ran out: finish quickly and end the task.
    /// - Returns: The task's identifier, or ``BackgroundTaskIdentifier/invalid`` once the
    ///   background time has run out.
    public func begin(name: String? = nil, expirationHandler: (@Sendable () -> Void)? = nil) -> BackgroundTaskIdentifier {
        let (id, frame): (Int, WireMessage?) = lock.locked {
            if let deadline, deadline <= .now { return (0, nil) }
            let id = next
            next += 1
            handlers[id] = expirationHandler ?? {}
            return (id, .appReply(Envelope(id: id, .backgroundTask(.init(action: .begin, name: name)))))
        }
        if let frame { write(frame) }
        return BackgroundTaskIdentifier(rawValue: id)
    }

    /// Ends a task; an unknown or already ended identifier is ignored.
    public func end(_ task: BackgroundTaskIdentifier) {
        let open = lock.locked { handlers.removeValue(forKey: task.rawValue) != nil }
        if open { write(.appReply(Envelope(id: task.rawValue, .backgroundTask(.init(action: .end))))) }
    }

    /// Seconds left of the background budget (UIKit's `backgroundTimeRemaining`);
    /// `Double.greatestFiniteMagnitude` in the foreground.
    public var timeRemaining: Double {
        guard let deadline = lock.locked({ self.deadline }) else { return .greatestFiniteMagnitude }
        let left = deadline - .now
        return max(0, Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18)
    }

    /// The identifiers of the open tasks, in order.
    public var openTasks: [BackgroundTaskIdentifier] {
        lock.locked { handlers.keys.sorted().map(BackgroundTaskIdentifier.init(rawValue:)) }
    }

    func connect(_ writer: @escaping @Sendable (WireMessage) -> Void) {
        let waiting = lock.locked {
            self.writer = writer
            defer { unsent = [] }
            return unsent
        }
        for frame in waiting { writer(frame) }
    }

    func enteredBackground(budgetMs: Int?) {
        lock.locked { deadline = budgetMs.map { .now + .milliseconds($0) } }
    }

    func leftBackground() {
        lock.locked { deadline = nil }
    }

    /// The handler of `task`, for `backgroundTaskWillExpire`; nil when it was ended.
    func expirationHandler(_ task: Int) -> (@Sendable () -> Void)? {
        lock.locked { handlers[task] }
    }

    private func write(_ frame: WireMessage) {
        let writer: (@Sendable (WireMessage) -> Void)? = lock.locked {
            if self.writer == nil { unsent.append(frame) }
            return self.writer
        }
        writer?(frame)
    }
}

/// A pthread mutex: FerryKit links no Foundation and no Synchronization.
final class PthreadLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func locked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
