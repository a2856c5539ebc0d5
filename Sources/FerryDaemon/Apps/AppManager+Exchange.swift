import FerryCore
import NIOCore

extension AppManager {
    /// Sends one lifecycle event and waits for the app's reply.
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
        await acquireExchange(app)
        defer { releaseExchange(app) }
        let current = state(app)
        guard AppLifecycle.transition(from: current, by: .send(event)) != nil else {
            throw DaemonError.appFailed("\(app) cannot receive \(event.rawValue) while \(current)")
        }
        guard let channel = apps[app]?.channel else { throw DaemonError.appFailed("\(app) is not connected to ferryd") }
        let id = apps[app]!.nextEventID
        apps[app]!.nextEventID += 1
        var frame = WireFrame(type: "event", id: id)
        frame.event = event.rawValue
        frame.url = url
        frame.options = options
        let deadline = launch ? (apps[app]?.launchDeadline ?? clock.now) : clock.now + configuration.eventTimeout
        let answer = try await withCheckedThrowingContinuation { continuation in
            apps[app]!.pendingReply = (id, Waiter(continuation: continuation, deadline: deadline, reason: "did not answer \(event.rawValue) within \(launch ? configuration.launchWatchdog : configuration.eventTimeout)"))
            channel.writeAndFlush(ByteBuffer(bytes: WireCodec.encode(frame)), promise: nil)
        }
        apply(.send(event), to: app)
        return answer
    }

    private func acquireExchange(_ app: String) async {
        guard apps[app]?.exchange.tryAcquire() == false else { return }
        await withCheckedContinuation { apps[app]?.exchange.enqueue($0) }
    }

    private func releaseExchange(_ app: String) {
        apps[app]?.exchange.release()
    }

    /// Binds a connection that presented `token` to its app's launch.
    /// - Returns: The app's bundle identifier, or nil for a token no launch issued.
    func attach(token: String, channel: any Channel, welcome: (String) -> WireFrame) -> String? {
        guard let app = tokens[token], apps[app]?.channel == nil else { return nil }
        channel.writeAndFlush(ByteBuffer(bytes: WireCodec.encode(welcome(app))), promise: nil)
        apps[app]?.channel = channel
        if let waiter = apps[app]?.connectWaiter {
            apps[app]?.connectWaiter = nil
            waiter.continuation.resume()
        }
        return app
    }

    /// The app's connection closed: whatever it was asked can no longer be answered.
    /// The process usually exits a moment later, and its exit status says more than the closed
    /// socket: the reaper gets 200 ms to report it before the pending reply fails on this.
    func detach(token: String) {
        guard let app = tokens[token] else { return }
        apps[app]?.channel = nil
        let soon = clock.now + .milliseconds(200)
        if let pending = apps[app]?.pendingReply {
            apps[app]?.pendingReply?.waiter.deadline = min(pending.waiter.deadline, soon)
            apps[app]?.pendingReply?.waiter.reason = "closed its connection to ferryd"
        }
    }

    /// An app answered event `id`.
    func reply(token: String, id: Int, result: Bool) {
        guard let app = tokens[token], let pending = apps[app]?.pendingReply, pending.id == id else {
            logger.notice("unexpected reply", metadata: ["id": "\(id)"])
            return
        }
        apps[app]?.pendingReply = nil
        pending.waiter.continuation.resume(returning: result)
    }

    /// Fails whatever the app's callers wait for, with `message`.
    func fail(_ app: String, _ message: String) {
        if let waiter = apps[app]?.connectWaiter {
            apps[app]?.connectWaiter = nil
            waiter.continuation.resume(throwing: DaemonError.appFailed(message))
        }
        if let pending = apps[app]?.pendingReply {
            apps[app]?.pendingReply = nil
            pending.waiter.continuation.resume(throwing: DaemonError.appFailed(message))
        }
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
