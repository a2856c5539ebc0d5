import Logging
import NIOCore
import NIOHTTP1
import NIOSSL

extension TransferServer {
    /// An accepted connection; its wrapped channel waits in ``unserved``.
    typealias Accepted = (any Channel, PeerCertificate)

    /// Sets up one accepted connection, or closes it at once (nil) when it would pass a connection
    /// limit (``ListenerGate``). Runs on the connection's event loop before any byte is read. It
    /// never throws: NIO hands an error here to the accept stream, which ends the listener for everyone.
    func accept(_ channel: Channel, context: NIOSSLContext) -> Accepted? {
        guard gate.admit(channel) else {
            logger.debug("connection refused: too many open", metadata: ["from": "\(channel.remoteAddress?.ipAddress ?? "?")"])
            return nil
        }
        do {
            return try setUpPipeline(channel, context: context)
        } catch {
            logger.debug("connection dropped", metadata: ["from": "\(channel.remoteAddress?.ipAddress ?? "?")", "error": "\(error)"])
            channel.close(promise: nil)
            return nil
        }
    }

    /// TLS (the peer's fingerprint learned, and refused while receiving is off), then the gate's
    /// deadlines and HTTP.
    private func setUpPipeline(_ channel: Channel, context: NIOSSLContext) throws -> Accepted {
        let sync = channel.pipeline.syncOperations
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
        try sync.addHandler(PlaintextHandoff())
        try gate.configureHTTP(sync)
        guard try unserved.wrap(channel) else { throw ChannelError.ioOnClosedChannel }
        return (channel, peer)
    }
}
