import NIOCore
import NIOPosix

/// The accept loop of every listener (Ferry's transfer port, LocalSend's API): binds, then serves
/// each connection `accept` set up in a child task of one discarding group, until `untilShutdown`
/// returns. Connections accepted but never served are closed at the end (``UnservedConnections``).
package enum HTTPListener {
    /// - Parameters:
    ///   - accept: Sets up one accepted connection on its event loop and wraps it in `unserved`, or
    ///     closes it (nil). It must not throw: NIO hands an error here to the accept stream, which
    ///     would end the listener for everyone.
    ///   - onBound: Called with the port once the socket is bound.
    ///   - serve: Serves one connection: its wrapped channel, the channel, what `accept` learned.
    /// - Throws: When the port cannot be bound, or the accept stream fails.
    package static func run<Peer: Sendable>(
        host: String, port: Int, unserved: UnservedConnections,
        accept: @escaping @Sendable (any Channel) -> (any Channel, Peer)?,
        onBound: (Int) async -> Void, untilShutdown: @escaping @Sendable () async -> Void,
        serve: @escaping @Sendable (HTTPServerLoop.Channel, any Channel, Peer) async -> Void
    ) async throws {
        // No child channel options: a failure there reaches the accept stream and ended the whole
        // listener (issue 19). Each connection is set up in `accept`, which never throws.
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture { accept(channel) }
            }
        await onBound(server.channel.localAddress?.port ?? port)
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask {
                await untilShutdown()
                server.channel.close(promise: nil)
            }
            do {
                try await server.executeThenClose { inbound in
                    for try await accepted in inbound {
                        guard let (channel, peer) = accepted, let connection = unserved.take(channel) else { continue }
                        group.addTask { await serve(connection, channel, peer) }
                    }
                }
            } catch {
                await unserved.closeAll()
                throw error
            }
            await unserved.closeAll()
            group.cancelAll()
        }
    }
}
