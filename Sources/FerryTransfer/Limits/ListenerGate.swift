import NIOCore
import NIOHTTP1
import Synchronization

/// The one place a listener's limits are applied: connection caps before TLS, the read-idle and
/// head deadlines around the HTTP codec, dead-peer detection, and the memory budget request
/// bodies are read against. The Ferry port and LocalSend's port each hold one.
public final class ListenerGate: Sendable {
    public let limits: ConnectionLimits
    /// What request bodies of this listener may hold in memory at once.
    public let bodies: MemoryBudget
    private let counts: Mutex<ConnectionCounts>
    private let onIdle: @Sendable () -> Void

    /// - Parameter onIdle: Called when the last open connection closes.
    public init(limits: ConnectionLimits, onIdle: @escaping @Sendable () -> Void = {}) {
        self.limits = limits
        bodies = MemoryBudget(total: limits.bodyBudget, strangerShare: limits.strangerBodyBudget)
        counts = Mutex(ConnectionCounts(limits: limits))
        self.onIdle = onIdle
    }

    /// Counts an accepted connection, or closes it as soon as it is active (false) when it would
    /// pass a cap. Call first, before any TLS handler is added: a refused connection costs no
    /// handshake.
    public func admit(_ channel: any Channel) -> Bool {
        let address = Self.address(of: channel)
        guard counts.withLock({ $0.admit(address) }) else {
            try? channel.pipeline.syncOperations.addHandler(CloseOnActive())
            return false
        }
        channel.closeFuture.whenComplete { _ in
            if self.counts.withLock({ $0.release(address) }) { self.onIdle() }
        }
        channel.detectDeadPeers(after: limits.deadPeerSeconds)
        return true
    }

    /// After the TLS handler: the read-idle deadline, NIO's HTTP/1.1 server codec and the
    /// head deadline.
    public func configureHTTP(_ sync: ChannelPipeline.SynchronousOperations) throws {
        try sync.addHandler(ReadIdleDeadline(timeout: .seconds(limits.idleSeconds)))
        try sync.configureHTTPServerPipeline(withErrorHandling: true)
        try sync.addHandler(HeadDeadline(timeout: .nanoseconds(Int64(limits.headSeconds * 1e9))))
    }

    /// Connections open now, in total.
    public var openConnections: Int { counts.withLock { $0.total } }

    /// The address a connection is counted under: IPv6 by its /64 (``RateLimit/sourceKey(_:)``).
    static func address(of channel: any Channel) -> String {
        RateLimit.sourceKey(channel.remoteAddress?.ipAddress ?? "unknown")
    }
}
