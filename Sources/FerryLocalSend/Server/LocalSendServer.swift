import FerryTransfer
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization

/// LocalSend v2's HTTPS API (§4, §6) on its own port, with the device's own certificate: `/info`,
/// `/register`, `/prepare-upload`, `/upload` and `/cancel`, one child task per connection.
public final class LocalSendServer: Sendable {
    let host: String
    let port: Int
    let identity: DeviceIdentity
    let sessions: LocalSendSessions
    let peers: LocalSendPeerTable
    /// What this device shares for download (§5), while `ferry share --web` runs.
    let shares: LocalSendShares
    let limits: LocalSendLimits
    /// This device as the API describes it (fingerprint, alias, port).
    let info: @Sendable () async -> LocalSendInfo
    let logger: Logger
    private let bound = Mutex<Int?>(nil)
    /// Connection caps, deadlines and the body budget: the same mechanism as Ferry's port.
    let gate: ListenerGate
    let unserved = UnservedConnections()

    /// - Parameters:
    ///   - port: The TCP port; 0 picks a free one (``boundPort`` tells which).
    ///   - info: This device's info as of now (the port in it is filled with the bound port).
    public init(host: String, port: Int, identity: DeviceIdentity, sessions: LocalSendSessions, peers: LocalSendPeerTable,
                limits: LocalSendLimits = LocalSendLimits(), shares: LocalSendShares = LocalSendShares(), info: @escaping @Sendable () async -> LocalSendInfo, logger: Logger) {
        self.host = host
        self.port = port
        self.identity = identity
        self.sessions = sessions
        self.peers = peers
        self.shares = shares
        self.limits = limits
        self.info = info
        self.logger = logger
        gate = ListenerGate(limits: limits.connections)
    }

    /// The port the listener is bound to, once it is.
    public var boundPort: Int? { bound.withLock { $0 } }

    /// Listens until `untilShutdown` returns or the task is cancelled.
    ///
    /// - Parameter onBound: Called with the port once it is bound.
    /// - Throws: When the TLS context cannot be made or the port cannot be bound.
    public func run(onBound: @escaping @Sendable (Int) async -> Void = { _ in },
                    untilShutdown: @escaping @Sendable () async -> Void) async throws {
        let context = try LocalSendTLS.serverContext(identity)
        try await HTTPListener.run(host: host, port: port, unserved: unserved, accept: { self.accept($0, context: context) }, onBound: { port in
            bound.withLock { $0 = port }
            logger.info("localsend listener", metadata: ["host": "\(host)", "port": "\(port)"])
            await onBound(port)
        }, untilShutdown: untilShutdown) { connection, channel, peer in
            let address = channel.remoteAddress?.ipAddress ?? "unknown"
            await LocalSendConnection(channel: connection, peer: peer, address: address, server: self).serve()
        }
    }

    /// Takes one accepted connection through the gate (closed before any TLS work when over a
    /// cap), then TLS and the gate's HTTP deadlines. Never throws: an error here would end the
    /// listener for everyone.
    private func accept(_ channel: any Channel, context: NIOSSLContext) -> (any Channel, PeerFingerprint)? {
        guard gate.admit(channel) else {
            logger.debug("localsend connection refused: too many open", metadata: ["from": "\(channel.remoteAddress?.ipAddress ?? "?")"])
            return nil
        }
        do {
            let peer = PeerFingerprint()
            let sync = channel.pipeline.syncOperations
            try sync.addHandler(NIOSSLServerHandler(context: context) { chain, promise in
                if let der = try? chain.first?.toDERBytes() { peer.value = DeviceIdentity.fingerprint(der: der) }
                promise.succeed(.certificateVerified)
            })
            try gate.configureHTTP(sync)
            guard try unserved.wrap(channel) else { throw ChannelError.ioOnClosedChannel }
            return (channel, peer)
        } catch {
            channel.close(promise: nil)
            return nil
        }
    }
}

/// The client certificate's fingerprint, when the sender presented one (localsendd does; phones
/// usually do not): set during the handshake, read by the requests after it.
final class PeerFingerprint: Sendable {
    private let stored = Mutex<String?>(nil)

    var value: String? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}

/// TLS for LocalSend: the device's certificate; a client certificate asked for but not required;
/// no certificate authorities (LocalSend pins fingerprints, when at all).
enum LocalSendTLS {
    static func serverContext(_ identity: DeviceIdentity) throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: try identity.certificateChain, privateKey: try identity.privateKey)
        configuration.certificateVerification = .optionalVerification
        configuration.trustRoots = .certificates([])
        return try NIOSSLContext(configuration: configuration)
    }

    static func clientContext(_ identity: DeviceIdentity) throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateChain = try identity.certificateChain
        configuration.privateKey = try identity.privateKey
        configuration.certificateVerification = .noHostnameVerification
        configuration.trustRoots = .certificates([])
        return try NIOSSLContext(configuration: configuration)
    }
}
