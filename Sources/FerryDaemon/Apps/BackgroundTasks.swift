/// One app's background tasks (`beginBackgroundTask`), as a pure state machine: which are open,
/// and, against the budget that starts when the app enters the background, when each is warned
/// and when they are ended for the app. Time is passed in (BackgroundTasksTests).
///
/// While a task is open the app is not suspended. `warningLead` before the budget ends each open
/// task gets `backgroundTaskWillExpire`; at the end those still open are ended for the app, which
/// is then suspended at once, as it is as soon as its last task ends in the background.
struct BackgroundTasks: Equatable {
    typealias Instant = ContinuousClock.Instant

    /// Open tasks by the app's identifier, with their names.
    private(set) var open: [Int: String] = [:]
    /// The current background period's budget ends then; nil in the foreground.
    private(set) var deadline: Instant?
    /// The open tasks were warned in this background period.
    private var warned = false
    /// A task ran in this background period and none is open now: nothing keeps the app awake.
    private(set) var finishedInBackground = false

    /// What is due at a sweep.
    enum Due: Equatable {
        /// Send `backgroundTaskWillExpire` for these tasks.
        case warn([Int])
        /// The budget ran out: these tasks were ended for the app.
        case expired([Int])
    }

    /// How long before the budget ends the tasks are warned: 5 s, or a quarter of a budget under 20 s.
    static func warningLead(_ budget: Duration) -> Duration {
        min(.seconds(5), budget / 4)
    }

    /// Whether an open task keeps the app from being suspended.
    var holdsApp: Bool { !open.isEmpty }

    /// The app began task `id`. Refused (false) once the budget has run out, as iOS answers
    /// `UIBackgroundTaskInvalid`; a task begun in the foreground carries into the background.
    mutating func begin(_ id: Int, name: String?, now: Instant) -> Bool {
        if let deadline, now >= deadline { return false }
        open[id] = name ?? ""
        finishedInBackground = false
        return true
    }

    /// The app ended task `id`; an unknown id changes nothing. - Returns: Whether it was open.
    @discardableResult
    mutating func end(_ id: Int) -> Bool {
        guard open.removeValue(forKey: id) != nil else { return false }
        if open.isEmpty && deadline != nil { finishedInBackground = true }
        return true
    }

    /// The app entered the background: a new budget starts.
    mutating func enteredBackground(now: Instant, budget: Duration) {
        deadline = now + budget
        warned = false
        finishedInBackground = false
    }

    /// The app left the background (foreground, or exited): no budget runs.
    mutating func leftBackground() {
        deadline = nil
        warned = false
        finishedInBackground = false
    }

    /// The process is gone: so are its tasks.
    mutating func reset() {
        self = BackgroundTasks()
    }

    /// How much of the budget is left; nil in the foreground.
    func remaining(now: Instant) -> Duration? {
        deadline.map { max(.zero, $0 - now) }
    }

    /// What is due at `now`: the warning once, then the end.
    mutating func due(now: Instant, budget: Duration) -> Due? {
        guard let deadline, !open.isEmpty else { return nil }
        let tasks = open.keys.sorted()
        if now >= deadline {
            open = [:]
            finishedInBackground = true
            return .expired(tasks)
        }
        guard !warned, now >= deadline - Self.warningLead(budget) else { return nil }
        warned = true
        return .warn(tasks)
    }
}
