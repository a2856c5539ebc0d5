import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// An HTTPS client connection as both clients (Ferry's transfer protocol, LocalSend's API) open
/// it: TCP with dead-peer detection (``DeadPeer``), TLS whose peer certificate `verify` decides
/// on, then HTTP/1.1. Requests then go through an ``HTTPExchange``.
package enum HTTPSConnection {
    package typealias Channel = NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>

    /// - Parameters:
    ///   - timeout: How long the TCP connect may take.
    ///   - silent: Told when the peer stops acknowledging (``DeadPeerWatchdog``).
    ///   - verify: Whether to go on with the peer whose leaf certificate has this fingerprint (nil
    ///     when it presented none); runs on the event loop during the handshake.
    ///   - afterTLS: Adds handlers right after TLS.
    /// - Throws: NIO's errors when the connection fails.
    package static func open(host: String, port: Int, context: NIOSSLContext, timeout: TimeAmount, deadPeerSeconds: Int,
                             silent: SilentPeer, verify: @escaping @Sendable (String?) -> Bool,
                             afterTLS: @escaping @Sendable (ChannelPipeline.SynchronousOperations) throws -> Void = { _ in })
        async throws -> Channel {
        // TCP_NODELAY is ClientBootstrap's default; set all the same, as the transfer client always did.
        try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .detectingDeadPeers(after: deadPeerSeconds)
            .connectTimeout(timeout)
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let tls = try NIOSSLClientHandler(context: context, serverHostname: nil) { chain, promise in
                        promise.succeed(verify(TransferTLS.leafFingerprint(chain)) ? .certificateVerified : .failed)
                    }
                    let sync = channel.pipeline.syncOperations
                    try sync.addDeadPeerWatchdog(after: deadPeerSeconds, silent: silent)
                    try sync.addHandler(tls)
                    try afterTLS(sync)
                    try sync.addHTTPClientHandlers()
                    return try Channel(wrappingChannelSynchronously: channel)
                }
            }
    }
}
