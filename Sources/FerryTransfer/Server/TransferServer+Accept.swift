import Logging
import NIOCore
import NIOHTTP1
import NIOSSL

extension TransferServer {
    /// An accepted connection; its wrapped channel waits in ``unserved``.
    typealias Accepted = (any Channel, PeerCertificate)

    /// Sets up one accepted connection, or closes it at once (nil) when it would pass a connection
    /// limit. Runs on the connection's event loop before any byte is read. It never throws: NIO
    /// hands an error here to the accept stream, which ends the listener for everyone.
    func accept(_ channel: Channel, context: NIOSSLContext) -> Accepted? {
        let address = channel.remoteAddress?.ipAddress ?? "unknown"
        guard counts.withLock({ $0.admit(address) }) else {
            logger.debug("connection refused: too many open", metadata: ["from": "\(address)"])
            try? channel.pipeline.syncOperations.addHandler(CloseOnActive())
            return nil
        }
        channel.closeFuture.whenComplete { _ in self.closed(address) }
        do {
            return try setUpPipeline(channel, context: context)
        } catch {
            logger.debug("connection dropped", metadata: ["from": "\(address)", "error": "\(error)"])
            channel.close(promise: nil)
            return nil
        }
    }

    /// TLS (the peer's fingerprint learned, and refused while receiving is off), timeouts, HTTP.
    private func setUpPipeline(_ channel: Channel, context: NIOSSLContext) throws -> Accepted {
        let sync = channel.pipeline.syncOperations
        channel.detectDeadPeers(after: configuration.connections.deadPeerSeconds)
        // TCP_NODELAY: NIO sets it on the listener and Linux copies it to each accepted socket. The
        // `.socketOption(.tcp_nodelay)` once set here is SOL_SOCKET option 1, SO_DEBUG, which a
        // normal user may not set: its failure ended the listener.
        let peer = PeerCertificate()
        let receiver = self.receiver
        let tls = NIOSSLServerHandler(context: context) { chain, promise in
            peer.fingerprint = TransferTLS.leafFingerprint(chain)
            guard peer.fingerprint != nil else { return promise.succeed(.failed) }
            promise.completeWithTask { await receiver.takesConnections() ? .certificateVerified : .failed }
        }
        try sync.addHandler(tls)
        try sync.addHandler(ReadIdleDeadline(timeout: .seconds(configuration.limits.idleSeconds)))
        try sync.configureHTTPServerPipeline(withErrorHandling: true)
        try sync.addHandler(HeadDeadline(timeout: .nanoseconds(Int64(configuration.connections.headSeconds * 1e9))))
        guard try unserved.wrap(channel) else { throw ChannelError.ioOnClosedChannel }
        return (channel, peer)
    }

    /// A counted connection closed; once none is open, the heap is trimmed (at most every 10 s).
    private func closed(_ address: String) {
        if counts.withLock({ $0.release(address) }) { releaseFreedMemory() }
    }
}
