import FerryCore
import NIOCore

extension AppManager {
    /// How many `open` events may await their replies at once when nothing waits for the answer.
    static let pipelineWindow = 64

    /// Sends one lifecycle event and waits for the app's reply, after every earlier reply.
    ///
    /// - Parameter launch: Whether the event belongs to the launch, whose watchdog deadline was
    ///   set at spawn; other events get the event timeout.
    /// - Returns: The app's answer.
    /// - Throws: ``DaemonError`` when the event is illegal now, the app is not connected, it exits,
    ///   or it does not answer in time (it is killed then).
    func exchange(
        _ app: String, _ event: LifecycleEvent, url: String? = nil,
        options: WireFrame.LaunchOptions? = nil, launch: Bool = false
    ) async throws -> Bool {
        // The record's lock, held by value: a record made anew meanwhile must not get our release.
        let lock = record(app).exchange
        try await lock.acquire()
        defer { lock.release() }
        await awaitPendingReplies(app, atMost: 0)
        var (id, frame, deadline, reason) = try prepare(app, event, url: url, options: options, launch: launch)
        if event == .willFinishLaunching { frame = await handOverState(app, frame) }
        let answer = try await withCheckedThrowingContinuation { continuation in
            apps[app]!.pendingReplies[id] = PendingReply(continuation: continuation, deadline: deadline, reason: reason)
            apps[app]!.channel?.writeAndFlush(ByteBuffer(bytes: WireCodec.encode(frame)), promise: nil)
        }
        apply(.send(event), to: app)
        if event == .didEnterBackground { await preserveState(app) }
        return answer
    }

    /// Sends `open` without waiting for its answer (the caller did not ask for it): up to
    /// ``pipelineWindow`` opens are in flight, and the app still gets them in order, one by one.
    func sendOpen(_ app: String, url: String, options: WireFrame.LaunchOptions) async throws {
        // The record's lock, held by value: a record made anew meanwhile must not get our release.
        let lock = record(app).exchange
        try await lock.acquire()
        defer { lock.release() }
        await awaitPendingReplies(app, atMost: Self.pipelineWindow - 1)
        let (id, frame, deadline, reason) = try prepare(app, .open, url: url, options: options, launch: false)
        apps[app]!.pendingReplies[id] = PendingReply(continuation: nil, deadline: deadline, reason: reason)
        apps[app]!.channel?.writeAndFlush(ByteBuffer(bytes: WireCodec.encode(frame)), promise: nil)
        apply(.send(.open), to: app)
    }

    private func prepare(
        _ app: String, _ event: LifecycleEvent, url: String?, options: WireFrame.LaunchOptions?, launch: Bool
    ) throws -> (Int, WireFrame, ContinuousClock.Instant, String) {
        let current = state(app)
        guard AppLifecycle.transition(from: current, by: .send(event)) != nil else {
            throw DaemonError.appFailed("\(app) cannot receive \(event.rawValue) while \(current)")
        }
        guard apps[app]?.channel != nil else { throw DaemonError.appFailed("\(app) is not connected to ferryd") }
        let id = apps[app]!.nextEventID
        apps[app]!.nextEventID += 1
        var frame = WireFrame(type: "event", id: id)
        frame.event = event.rawValue
        frame.url = url
        frame.options = options
        let limit = launch ? configuration.launchWatchdog : configuration.eventTimeout
        let deadline = launch ? (apps[app]?.launchDeadline ?? clock.now) : clock.now + limit
        return (id, frame, deadline, "did not answer \(event.rawValue) within \(limit)")
    }

    private func awaitPendingReplies(_ app: String, atMost count: Int) async {
        guard (apps[app]?.pendingReplies.count ?? 0) > count else { return }
        await withCheckedContinuation { apps[app]?.replyWaiters.append((count, $0)) }
    }

    /// Wakes exchanges whose wait for pending replies is over.
    private func wakeReplyWaiters(_ app: String) {
        guard let waiters = apps[app]?.replyWaiters, !waiters.isEmpty else { return }
        let pending = apps[app]?.pendingReplies.count ?? 0
        let ready = waiters.filter { pending <= $0.atMost }
        apps[app]?.replyWaiters = waiters.filter { pending > $0.atMost }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Binds a connection that presented `token` to its app's launch, writing the welcome first.
    /// - Returns: The app's bundle identifier, or nil for a token no launch issued.
    func attach(token: String, channel: any Channel, restoration: Bool = false, welcome: (String) -> WireFrame) -> String? {
        guard let app = tokens[token], apps[app]?.channel == nil else { return nil }
        apps[app]?.preservation.connected(speaksRestoration: restoration)
        channel.writeAndFlush(ByteBuffer(bytes: WireCodec.encode(welcome(app))), promise: nil)
        apps[app]?.channel = channel
        if let waiter = apps[app]?.connectWaiter {
            apps[app]?.connectWaiter = nil
            waiter.continuation.resume()
        }
        return app
    }

    /// The app's connection closed: a crash, whether or not the process goes on. It usually exits a
    /// moment later, and its exit status says more than the closed socket: the reaper gets 200 ms to
    /// report it before replies fail and the sweeper kills a process that still runs, without a
    /// connection no event could reach it and URLs sent to it would be lost.
    func detach(token: String) {
        guard let app = tokens[token] else { return }
        apps[app]?.channel = nil
        let soon = clock.now + .milliseconds(200)
        if apps[app]?.pid != nil, apps[app]?.quitting == false, state(app) != .terminating {
            apps[app]?.connectionLost = true
            // Computed first: an optional-chained assignment holds `apps` while its value is evaluated.
            let deadline = min(apps[app]?.exitDeadline ?? soon, soon)
            apps[app]?.exitDeadline = deadline
            logger.notice("connection closed, ending the app", metadata: ["app": "\(app)"])
        }
        guard var pending = apps[app]?.pendingReplies else { return }
        for id in pending.keys {
            pending[id]!.deadline = min(pending[id]!.deadline, soon)
            pending[id]!.reason = "closed its connection to ferryd"
        }
        apps[app]?.pendingReplies = pending
    }

    /// An app answered event `id`.
    func reply(token: String, id: Int, result: Bool) {
        guard let app = tokens[token], let pending = apps[app]?.pendingReplies.removeValue(forKey: id) else {
            logger.notice("unexpected reply", metadata: ["id": "\(id)"])
            return
        }
        pending.continuation?.resume(returning: result)
        wakeReplyWaiters(app)
    }

    /// Fails whatever the app's callers wait for, with `message`.
    func fail(_ app: String, _ message: String) {
        if let waiter = apps[app]?.connectWaiter {
            apps[app]?.connectWaiter = nil
            waiter.continuation.resume(throwing: DaemonError.appFailed(message))
        }
        let pending = apps[app]?.pendingReplies ?? [:]
        apps[app]?.pendingReplies = [:]
        for reply in pending.values { reply.continuation?.resume(throwing: DaemonError.appFailed(message)) }
        wakeReplyWaiters(app)
    }

    /// Waits until the launched app connects back, within the launch watchdog.
    func awaitConnection(_ app: String) async throws {
        guard apps[app]?.channel == nil else { return }
        let deadline = apps[app]?.launchDeadline ?? clock.now
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            apps[app]?.connectWaiter = Waiter(continuation: continuation, deadline: deadline,
                                              reason: "did not connect to ferryd within \(configuration.launchWatchdog)")
        }
    }
}
