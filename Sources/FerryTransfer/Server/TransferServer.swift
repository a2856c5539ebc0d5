import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization

/// The transfer listener: HTTP/1.1 over mutual TLS 1.3 (`docs/transfer.md`), one child task per
/// connection, requests handed to a ``Receiver``.
public final class TransferServer: Sendable {
    /// Where to listen. Port 0 picks a free port; ``boundPort`` tells which.
    public struct Configuration: Sendable {
        public var host: String
        public var port: Int
        public var limits: TransferLimits
        public var connections: ConnectionLimits

        /// - Parameters:
        ///   - host: The address to bind, `0.0.0.0` for every interface (ferryd's default).
        ///   - port: The TCP port; ferryd uses `FERRY_TRANSFER_PORT`, default 53317... see
        ///     ``defaultPort``.
        ///   - connections: How many connections at once, and how long a request head may take.
        public init(host: String, port: Int, limits: TransferLimits = TransferLimits(),
                    connections: ConnectionLimits = ConnectionLimits()) {
            self.host = host
            self.port = port
            self.limits = limits
            self.connections = connections
        }
    }

    /// ferryd's port when `FERRY_TRANSFER_PORT` is not set.
    public static let defaultPort = 47_120

    let configuration: Configuration
    let identity: DeviceIdentity
    let receiver: Receiver
    let pairing: Pairing?
    let logger: Logger
    private let bound = Mutex<Int?>(nil)
    /// Connection caps, deadlines and the body budget (``ConnectionLimits``).
    let gate: ListenerGate
    let unserved = UnservedConnections()
    private let onBound: @Sendable (Int) async -> Void

    /// - Parameters:
    ///   - pairing: Takes pair requests (`/ferry/v1/pair`); without it they are not found.
    ///   - onBound: Called once the socket is bound, with the port (for discovery to advertise).
    public init(configuration: Configuration, identity: DeviceIdentity, receiver: Receiver, pairing: Pairing? = nil,
                logger: Logger, onBound: @escaping @Sendable (Int) async -> Void = { _ in }) {
        self.configuration = configuration
        self.identity = identity
        self.receiver = receiver
        self.pairing = pairing
        self.logger = logger
        self.onBound = onBound
        // Once no connection is open, the heap is trimmed (at most every 10 s).
        gate = ListenerGate(limits: configuration.connections) { _ = releaseFreedMemory() }
    }

    /// The port the listener is bound to, once it is.
    public var boundPort: Int? { bound.withLock { $0 } }

    /// Listens until the task is cancelled or `shutdown` is resumed.
    ///
    /// - Parameter untilShutdown: Returns when the server should stop accepting connections.
    /// - Throws: When the TLS context cannot be made or the port cannot be bound.
    public func run(untilShutdown: @escaping @Sendable () async -> Void = { try? await Task.sleep(for: .seconds(1 << 40)) }) async throws {
        let context = try TransferTLS.serverContext(identity)
        try await HTTPListener.run(host: configuration.host, port: configuration.port, unserved: unserved,
                                   accept: { self.accept($0, context: context) }, onBound: { port in
            bound.withLock { $0 = port }
            logger.info("transfer listener", metadata: ["host": "\(configuration.host)", "port": "\(port)", "fingerprint": "\(identity.fingerprint)"])
            await onBound(port)
        }, untilShutdown: untilShutdown) { connection, _, peer in
            await TransferConnection(channel: connection, peer: peer, server: self).serve()
        }
    }
}
