/// A connection to a D-Bus bus (the session bus, the system bus or any address), driven by a
/// thread of its own, with an async API: call methods, read properties, receive and send signals.
///
/// The connection closes when `close()` is called or the last reference goes away; pending calls
/// then fail with `DBusError.Code.closed` and signal streams finish. They do the same when the
/// bus goes away.
public final class DBusConnection: Sendable {
    let loop: BusLoop

    /// Connects to the bus at `address` (a D-Bus address such as `unix:path=/run/user/1000/bus`).
    ///
    /// - Parameters:
    ///   - address: the D-Bus server address.
    ///   - description: how messages name this bus ("session bus", "system bus").
    /// - Throws: `DBusError` `.connect` when nothing answers at `address`.
    public init(address: String, description: String = "D-Bus bus") throws(DBusError) {
        loop = try BusLoop(address: address, description: description)
    }

    /// Connects to the session bus found in `environment` (see `DBusAddress.session`).
    ///
    /// - Throws: `DBusError` `.noBus` when no session bus is known, `.connect` when it does not answer.
    public static func session(environment: [String: String]) throws(DBusError) -> DBusConnection {
        guard let address = DBusAddress.session(environment: environment) else {
            throw DBusError(.noBus, "no session bus: DBUS_SESSION_BUS_ADDRESS is unset and $XDG_RUNTIME_DIR/bus does not exist")
        }
        return try DBusConnection(address: address, description: "session bus")
    }

    /// Connects to the system bus found in `environment` (see `DBusAddress.system`).
    ///
    /// - Throws: `DBusError` `.connect` when it does not answer.
    public static func system(environment: [String: String]) throws(DBusError) -> DBusConnection {
        try DBusConnection(address: DBusAddress.system(environment: environment), description: "system bus")
    }

    deinit { loop.close() }

    /// Closes the connection now.
    public func close() { loop.close() }

    /// Calls a method and returns its output arguments.
    ///
    /// - Throws: `DBusError` (`.remote` with the peer's error name for an error reply, `.closed`,
    ///   `.invalidArgument`), or `CancellationError` when the task is cancelled.
    public func call(_ call: DBusMethodCall) async throws -> [DBusValue] {
        let pending = PendingCall()
        let loop = self.loop
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                pending.install(continuation)
                loop.enqueue({ $0.startCall(call, pending) }, ifClosed: { pending.resume(.failure(loop.closedError)) })
            }
        } onCancel: {
            pending.resume(.failure(CancellationError()))
            loop.enqueue { $0.dropCall(pending) }
        }
    }

    /// Calls `member` with `arguments`; see `call(_:)`.
    public func call(
        destination: String, path: String, interface: String, member: String, _ arguments: DBusValue...
    ) async throws -> [DBusValue] {
        try await call(DBusMethodCall(destination: destination, path: path, interface: interface, member: member, arguments: arguments))
    }

    /// Reads a property through `org.freedesktop.DBus.Properties.Get`; the value comes unwrapped
    /// from its variant.
    public func property(destination: String, path: String, interface: String, name: String) async throws -> DBusValue {
        let reply = try await call(
            destination: destination, path: path, interface: "org.freedesktop.DBus.Properties", member: "Get",
            .string(interface), .string(name))
        guard let value = reply.first else {
            throw DBusError(.decode, "\(destination) returned no value for the property \(interface).\(name)")
        }
        return value.unwrapped
    }

    /// Subscribes to the signals `match` selects. When this returns, the bus has accepted the match:
    /// signals sent from then on are in the stream. Ending the iteration removes the match.
    ///
    /// When `match.sender` is a well-known name, only signals from that name's owner at the time
    /// they arrive are in the stream: the bus filters broadcasts by the rule, but delivers signals
    /// addressed to this connection from any client, whatever the rule says.
    ///
    /// - Throws: `DBusError` when the bus refuses the rule or the connection is closed.
    public func signals(matching match: DBusMatch) async throws -> AsyncStream<DBusSignal> {
        let tracked = try await trackOwner(of: match.sender)
        let (stream, continuation) = AsyncStream.makeStream(of: DBusSignal.self, bufferingPolicy: .bufferingNewest(256))
        let subscription = Subscription(continuation, from: tracked?.owner)
        let loop = self.loop
        let removeAll: @Sendable (BusLoop) -> Void = { loop in
            loop.removeMatch(subscription)
            if let tracked { loop.removeMatch(tracked.changes) }
        }
        do {
            try await install(match.rule, subscription)
        } catch {
            loop.enqueue(removeAll)
            throw error
        }
        continuation.onTermination = { _ in loop.enqueue(removeAll) }
        return stream
    }

    /// Sends a signal from this connection: broadcast, or to `destination` alone (a unique or
    /// well-known name).
    ///
    /// - Throws: `DBusError` when the signal cannot be built or sent.
    public func emit(_ signal: DBusSignal, to destination: String?) async throws {
        let loop = self.loop
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
            loop.enqueue({ loop in
                done.resume(with: Result { () throws(DBusError) in try loop.emit(signal, to: destination) }.mapError { $0 })
            }, ifClosed: { done.resume(throwing: loop.closedError) })
        }
    }

    /// Sends a signal from this connection to everyone whose match rules select it.
    ///
    /// - Throws: `DBusError` when the signal cannot be built or sent.
    public func emit(_ signal: DBusSignal) async throws {
        try await emit(signal, to: nil)
    }
}
