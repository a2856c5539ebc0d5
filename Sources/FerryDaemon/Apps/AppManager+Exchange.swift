import FerryCore

extension AppManager {
    /// How many `open` events may await their replies at once when nothing waits for the answer.
    static let pipelineWindow = 64

    /// Sends one lifecycle event and waits for the app's reply, after every earlier reply.
    ///
    /// - Parameters:
    ///   - launch: Whether the event belongs to the launch, whose watchdog deadline was
    ///     set at spawn; other events get the event timeout.
    ///   - task: The background task a `backgroundTaskWillExpire` is about.
    ///   - value: A queued notification's value.
    /// - Returns: The app's answer.
    /// - Throws: ``DaemonError`` when the event is illegal now, the app is not connected, it exits,
    ///   or it does not answer in time (it is killed then).
    func exchange(
        _ app: String, _ event: LifecycleEvent, url: String? = nil,
        options: LaunchOptions? = nil, launch: Bool = false, task: Int? = nil, value: String? = nil
    ) async throws -> Bool {
        // The record's lock, held by value: a record made anew meanwhile must not get our release.
        let lock = controller(app).exchange
        try await lock.acquire()
        defer { lock.release() }
        await awaitPendingReplies(app, atMost: 0)
        var message = AppEvent.Event(event: event.rawValue, url: url, options: options, task: task, value: value)
        message.budgetMs = budgetMs(app, event)
        let (deadline, reason) = try check(app, event, launch: launch)
        if event == .willFinishLaunching { message.archive = await handOverState(app) }
        let answer = try await send(app, message, deadline: deadline, reason: reason)
        apply(.send(event), to: app)
        if event == .didEnterBackground { await preserveState(app) }
        return answer
    }

    /// Sends `open` without waiting for its answer (the caller did not ask for it): up to
    /// ``pipelineWindow`` opens are in flight, and the app still gets them in order, one by one.
    func sendOpen(_ app: String, url: String, options: LaunchOptions) async throws {
        // The record's lock, held by value: a record made anew meanwhile must not get our release.
        let lock = controller(app).exchange
        try await lock.acquire()
        defer { lock.release() }
        await awaitPendingReplies(app, atMost: Self.pipelineWindow - 1)
        let (deadline, reason) = try check(app, .open, launch: false)
        guard case .write(let link, let id) = controllers[app]!.session.send(waiter: nil, deadline: deadline, reason: reason) else {
            throw DaemonError.appFailed("\(app) is not connected to ferryd")
        }
        link.send(Envelope(id: id, .event(AppEvent.Event(event: LifecycleEvent.open.rawValue, url: url, options: options,
                                                         budgetMs: budgetMs(app, .open)))))
        apply(.send(.open), to: app)
    }

    /// Writes `message` under the next event id and waits for its answer.
    /// - Parameter numbered: Told the id before the event goes out (state preservation expects its upload).
    func send(
        _ app: String, _ message: AppEvent.Event, deadline: ContinuousClock.Instant, reason: String,
        numbered: (Int) -> Void = { _ in }
    ) async throws -> Bool {
        try await withCheckedThrowingContinuation { continuation in
            guard case .write(let link, let id) = controllers[app]?.session.send(waiter: continuation, deadline: deadline, reason: reason) else {
                continuation.resume(throwing: DaemonError.appFailed("\(app) is not connected to ferryd"))
                return
            }
            numbered(id)
            link.send(Envelope(id: id, .event(message)))
        }
    }

    /// The background budget an event carries, for the app's `backgroundTimeRemaining`: all of it
    /// with `didEnterBackground`, what is left with any event to an app in the background (a
    /// resume starts a new budget the app was not told of); nil in the foreground.
    private func budgetMs(_ app: String, _ event: LifecycleEvent) -> Int? {
        if event == .didEnterBackground { return Int(configuration.backgroundTaskBudget.milliseconds) }
        guard state(app) == .background, let left = controllers[app]?.tasks.remaining(now: clock.now) else { return nil }
        return Int(left.milliseconds)
    }

    /// Whether `event` may go out now. - Returns: Its answer's deadline and what to say if it is late.
    private func check(_ app: String, _ event: LifecycleEvent, launch: Bool) throws -> (ContinuousClock.Instant, String) {
        let current = state(app)
        guard AppLifecycle.transition(from: current, by: .send(event)) != nil else {
            throw DaemonError.appFailed("\(app) cannot receive \(event.rawValue) while \(current)")
        }
        guard controllers[app]?.session.link != nil else { throw DaemonError.appFailed("\(app) is not connected to ferryd") }
        let limit = launch ? configuration.launchWatchdog : configuration.eventTimeout
        let deadline = launch ? (controllers[app]?.session.launchDeadline ?? clock.now) : clock.now + limit
        return (deadline, "did not answer \(event.rawValue) within \(limit)")
    }

    private func awaitPendingReplies(_ app: String, atMost count: Int) async {
        guard (controllers[app]?.session.pendingCount ?? 0) > count else { return }
        await withCheckedContinuation { controllers[app]?.replyWaiters.append((count, $0)) }
    }

    /// Wakes exchanges whose wait for pending replies is over.
    private func wakeReplyWaiters(_ app: String) {
        for waiter in controllers[app]?.takeReadyReplyWaiters() ?? [] { waiter.resume() }
    }

    /// Binds a connection that presented `token` to its app's launch; the link writes the welcome first.
    /// - Returns: The app's bundle identifier, or nil for a token no launch issued.
    func attach(token: String, link: any AppLink, restoration: Bool = false) -> String? {
        guard let app = controllers.app(token: token), case .attached(let waiter) = controllers[app]?.session.attach(link) else { return nil }
        controllers[app]?.preservation.connected(speaksRestoration: restoration)
        link.welcome(app: app)
        waiter?.resume(returning: true)
        return app
    }

    /// The app's connection closed: a crash, whether or not the process goes on. It usually exits a
    /// moment later, and its exit status says more than the closed socket: the reaper gets 200 ms to
    /// report it before replies fail and the sweeper kills a process that still runs, without a
    /// connection no event could reach it and URLs sent to it would be lost.
    func detach(token: String) {
        guard let app = controllers.app(token: token) else { return }
        let expected = state(app) == .terminating
        if controllers[app]?.session.detach(now: clock.now, grace: .milliseconds(200), expected: expected) == true {
            logger.notice("connection closed, ending the app", metadata: ["app": "\(app)"])
        }
    }

    /// An app answered event `id`.
    /// - Returns: Whether anything waited for this reply; the caller counts and logs the strays.
    @discardableResult
    func reply(token: String, id: Int, result: Bool) -> Bool {
        guard let app = controllers.app(token: token), case .resume(let waiter) = controllers[app]?.session.replied(id) else {
            return false
        }
        waiter?.resume(returning: result)
        wakeReplyWaiters(app)
        return true
    }

    /// Fails whatever the app's callers wait for, with `message`.
    func fail(_ app: String, _ message: String) {
        fail(app, controllers[app]?.session.takeWaiters() ?? [], message)
    }

    func fail(_ app: String, _ waiters: [AnswerWaiter], _ message: String) {
        let message = message + supervisor.logHint(app)  // where to look: the app's own output
        for waiter in waiters { waiter.resume(throwing: DaemonError.appFailed(message)) }
        wakeReplyWaiters(app)
    }

    /// Waits until the launched app connects back, within the launch watchdog.
    func awaitConnection(_ app: String) async throws {
        _ = try await withCheckedThrowingContinuation { (continuation: AnswerWaiter) in
            switch controllers[app]?.session.awaitConnection(continuation) {
            case .resume(let waiter): waiter.resume(returning: true)
            case .fail(let waiter): waiter.resume(throwing: DaemonError.appFailed("\(app) exited before it connected to ferryd"))
            case .wait: break
            case nil: continuation.resume(throwing: DaemonError.appFailed("\(app) is not running"))
            }
        }
    }
}
