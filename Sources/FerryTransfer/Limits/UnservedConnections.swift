import NIOCore
import NIOHTTP1
import Synchronization

/// Accepted connections not yet handed to their task. NIO drops the ones still queued in the
/// accept stream when the listener stops, and a wrapped channel dropped without
/// `executeThenClose` traps (it took the whole process down when a connection came in as the
/// listener stopped). Every wrapped channel is kept here until it is served or closed.
public final class UnservedConnections: Sendable {
    public init() {}

    public typealias Wrapped = NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>
    private let state = Mutex<(open: Bool, waiting: [ObjectIdentifier: Wrapped])>((true, [:]))

    /// Wraps `channel` and keeps it; false once the listener stopped (nothing is wrapped then).
    public func wrap(_ channel: any Channel) throws -> Bool {
        try state.withLock { state in
            guard state.open else { return false }
            state.waiting[ObjectIdentifier(channel)] = try Wrapped(wrappingChannelSynchronously: channel)
            return true
        }
    }

    /// The wrapped channel, now the caller's to serve.
    public func take(_ channel: any Channel) -> Wrapped? {
        state.withLock { $0.waiting.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Stops taking connections and closes those never served.
    public func closeAll() async {
        let left = state.withLock { state in
            state.open = false
            defer { state.waiting.removeAll() }
            return Array(state.waiting.values)
        }
        for connection in left { try? await connection.executeThenClose { _, _ in } }
    }
}
