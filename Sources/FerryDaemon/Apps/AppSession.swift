/// One managed app's process and its connection to ferryd, as a pure state machine: each state
/// carries its data (pid, token, the connection, the replies still to come and their deadlines),
/// and each event returns what the owner must do. Time is passed in, so launches, pipelining and
/// deadlines are tested without processes, sockets or clocks (AppSessionTests).
///
/// Generic over the connection (`Link`) and over what waits for an answer (`Waiter`, a
/// continuation in ferryd): the machine keeps them and hands them back in its actions; it never
/// resumes one itself. The lifecycle proper (launching, active, background…) is ``AppLifecycle``.
struct AppSession<Link, Waiter> {
    typealias Instant = ContinuousClock.Instant

    /// An answer still to come: who waits for it (nil: nobody, but its deadline holds), by when,
    /// and what to say, after the app's name, if it does not come.
    struct Pending {
        var waiter: Waiter?
        var deadline: Instant
        var reason: String
    }

    /// The process, in every state that has one.
    struct Process {
        var pid: Int32
        var token: String
        /// When the launch must have finished: spawn plus the watchdog.
        var launchDeadline: Instant
        /// What to say if the connection does not come by then.
        var connectReason: String
        /// When the process is killed if it has not exited, and why (a quit's timeout, a lost connection).
        var exitDeadline: (at: Instant, reason: String)?
        /// A quit is under way: the app closes its connection before it exits, as it should.
        var quitting = false
    }

    enum State {
        /// No process.
        case idle
        /// Spawned; its connection is awaited (by `waiter`) until the launch deadline.
        case connecting(Process, waiter: Waiter?)
        /// Events go out on `link`; their answers come back by id.
        case connected(Process, link: Link, pending: [Int: Pending])
        /// The connection closed while the process runs. `lost`: unexpectedly, a crash — the
        /// process is killed at its exit deadline and the next open launches it anew.
        case disconnected(Process, pending: [Int: Pending], lost: Bool)
    }

    /// What the owner does about a caller waiting for the connection.
    enum ConnectWait {
        /// Already connected: resume it now.
        case resume(Waiter)
        /// No process to connect: fail it now.
        case fail(Waiter)
        /// Kept; handed back by ``attach(_:)``, ``sweep(now:)`` or ``exited()``.
        case wait
    }

    enum AttachAction {
        /// The connection is the launch's: write the welcome, then resume the waiter if any.
        case attached(Waiter?)
        /// No launch waits for a connection (a token used twice, or the process is gone).
        case refused
    }

    enum SendAction {
        /// Write event `id` on `link`.
        case write(Link, id: Int)
        /// Not connected: fail the caller (its waiter, if any, was not kept).
        case notConnected
    }

    enum ReplyAction {
        /// Resume the waiter (nil: nobody waited) with the app's answer.
        case resume(Waiter?)
        /// No event with this id awaits an answer.
        case unexpected
    }

    enum SweepAction {
        /// An answer or the connection came too late: fail the waiters with the reason, kill the process.
        case expire(reason: String, waiters: [Waiter])
        /// The process did not exit in time: kill it.
        case kill(reason: String)
    }

    private(set) var state: State = .idle
    private var nextEventID = 1

    init() {}
}

extension AppSession {
    var process: Process? {
        switch state {
        case .idle: nil
        case .connecting(let process, _), .connected(let process, _, _), .disconnected(let process, _, _): process
        }
    }

    var pid: Int32? { process?.pid }
    var token: String? { process?.token }
    var launchDeadline: Instant? { process?.launchDeadline }
    var isQuitting: Bool { process?.quitting ?? false }

    var link: Link? {
        if case .connected(_, let link, _) = state { link } else { nil }
    }

    /// The connection closed unexpectedly while the process runs.
    var connectionLost: Bool {
        if case .disconnected(_, _, true) = state { true } else { false }
    }

    /// How many answers are still to come.
    var pendingCount: Int { pending.count }

    /// Whether a deadline is pending, so the owner should sweep again soon.
    var hasDeadlines: Bool {
        if case .connecting(_, .some) = state { return true }
        return !pending.isEmpty || process?.exitDeadline != nil
    }

    private var pending: [Int: Pending] {
        switch state {
        case .connected(_, _, let pending), .disconnected(_, let pending, _): pending
        case .idle, .connecting: [:]
        }
    }
}

extension AppSession {
    /// The process `pid` was spawned with `token`; its launch must finish within `watchdog`.
    mutating func spawned(pid: Int32, token: String, now: Instant, watchdog: Duration) {
        let process = Process(pid: pid, token: token, launchDeadline: now + watchdog,
                              connectReason: "did not connect to ferryd within \(watchdog)")
        state = .connecting(process, waiter: nil)
    }

    /// A caller waits for the launch's connection.
    mutating func awaitConnection(_ waiter: Waiter) -> ConnectWait {
        switch state {
        case .connecting(let process, _):
            state = .connecting(process, waiter: waiter)
            return .wait
        case .connected: return .resume(waiter)
        case .idle, .disconnected: return .fail(waiter)
        }
    }

    /// The connection that presented the launch's token arrived.
    mutating func attach(_ link: Link) -> AttachAction {
        guard case .connecting(let process, let waiter) = state else { return .refused }
        state = .connected(process, link: link, pending: [:])
        return .attached(waiter)
    }

    /// Sends an event: it gets the next id, and its answer is due by `deadline`.
    mutating func send(waiter: Waiter?, deadline: Instant, reason: String) -> SendAction {
        guard case .connected(let process, let link, var pending) = state else { return .notConnected }
        state = .idle  // Lets go of the table, so `pending` changes in place rather than as a copy.
        let id = nextEventID
        nextEventID += 1
        pending[id] = Pending(waiter: waiter, deadline: deadline, reason: reason)
        state = .connected(process, link: link, pending: pending)
        return .write(link, id: id)
    }

    /// The app answered event `id`.
    mutating func replied(_ id: Int) -> ReplyAction {
        guard case .connected(let process, let link, var pending) = state, pending[id] != nil else { return .unexpected }
        state = .idle  // As in send: changed in place.
        let answered = pending.removeValue(forKey: id)!
        state = .connected(process, link: link, pending: pending)
        return .resume(answered.waiter)
    }

    /// The connection closed. Expected (a quit, willTerminate) or not, answers can no longer
    /// come: they fail after `grace`, which gives the process's exit status time to arrive and
    /// say more. Unexpected, it is a crash: the process is killed after `grace` as well.
    /// - Returns: Whether the connection was lost unexpectedly.
    @discardableResult
    mutating func detach(now: Instant, grace: Duration, expected: Bool) -> Bool {
        guard case .connected(var process, _, var pending) = state else { return false }
        let soon = now + grace
        let lost = !expected && !process.quitting
        if lost {
            let at = min(process.exitDeadline?.at ?? soon, soon)
            process.exitDeadline = (at, "closed its connection to ferryd")
        }
        for id in pending.keys {
            pending[id]!.deadline = min(pending[id]!.deadline, soon)
            pending[id]!.reason = "closed its connection to ferryd"
        }
        state = .disconnected(process, pending: pending, lost: lost)
        return lost
    }

    /// Takes every waiter (the connection's and the answers'), for the owner to fail.
    mutating func takeWaiters() -> [Waiter] {
        switch state {
        case .idle: return []
        case .connecting(let process, let waiter):
            state = .connecting(process, waiter: nil)
            return waiter.map { [$0] } ?? []
        case .connected(let process, let link, let pending):
            state = .connected(process, link: link, pending: [:])
            return pending.keys.sorted().compactMap { pending[$0]!.waiter }
        case .disconnected(let process, let pending, let lost):
            state = .disconnected(process, pending: [:], lost: lost)
            return pending.keys.sorted().compactMap { pending[$0]!.waiter }
        }
    }

    /// The process exited. - Returns: The link to close and the waiters to fail.
    mutating func exited() -> (link: Link?, waiters: [Waiter]) {
        let link = self.link
        let waiters = takeWaiters()
        state = .idle
        return (link, waiters)
    }

    /// A quit is under way: a closed connection is then expected.
    mutating func markQuitting() {
        update { $0.quitting = true }
    }

    /// A caller waits for the exit: the process is killed if it has not exited by `now + timeout`.
    mutating func awaitExit(now: Instant, timeout: Duration, reason: String) {
        update { process in
            let limit = now + timeout
            if let current = process.exitDeadline, current.at <= limit { return }
            process.exitDeadline = (limit, reason)
        }
    }

    /// Enforces the deadlines due at `now`: a late connection or answer fails every waiter and
    /// kills the process; a process that outlived its exit deadline is killed.
    mutating func sweep(now: Instant) -> [SweepAction] {
        var actions: [SweepAction] = []
        if let reason = expiredReason(now: now) {
            actions.append(.expire(reason: reason, waiters: takeWaiters()))
        }
        if let exit = process?.exitDeadline, exit.at <= now {
            update { $0.exitDeadline = nil }
            actions.append(.kill(reason: exit.reason))
        }
        return actions
    }

    private func expiredReason(now: Instant) -> String? {
        if case .connecting(let process, .some) = state, process.launchDeadline <= now {
            return process.connectReason
        }
        return pending.keys.sorted().lazy.compactMap { self.pending[$0] }.first { $0.deadline <= now }?.reason
    }

    private mutating func update(_ change: (inout Process) -> Void) {
        switch state {
        case .idle: return
        case .connecting(var process, let waiter):
            change(&process)
            state = .connecting(process, waiter: waiter)
        case .connected(var process, let link, let pending):
            change(&process)
            state = .connected(process, link: link, pending: pending)
        case .disconnected(var process, let pending, let lost):
            change(&process)
            state = .disconnected(process, pending: pending, lost: lost)
        }
    }
}
