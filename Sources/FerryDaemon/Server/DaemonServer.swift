import FerryCore
import FerryDiscovery
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

#if canImport(Glibc)
import Glibc
#endif

/// Listens on the daemon's Unix socket and serves each connection in a child task.
struct DaemonServer: Service {
    let socketPath: String
    /// A socket systemd already bound and listens on, used instead of binding `socketPath`.
    var listeningSocket: Int32?
    let manager: AppManager
    let discovery: Discovery
    /// File transfers' hub, from TransferService.
    let transfers: TransferSlot
    /// LocalSend devices and settings, for `ferry peers` and `ferry send`.
    let localSend: LocalSendLink
    let logger: Logger
    /// How often to check that the socket path still leads here (see ``SocketIdentity``).
    var socketCheckInterval: Duration = .seconds(2)

    func run() async throws {
        // Connections live on the listener's event loop: accepting on one loop and serving on the
        // other woke a second thread for every command. Their work is a few frames each.
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let bootstrap = ServerBootstrap(group: loop, childGroup: loop)
        let initializer: @Sendable (Channel) -> EventLoopFuture<AcceptedConnection> = { channel in
            AcceptedConnection.make(channel, manager: manager)
        }
        let server: NIOAsyncChannel<AcceptedConnection, Never>
        if let listeningSocket {
            server = try await bootstrap.bind(listeningSocket, childChannelInitializer: initializer)
        } else {
            server = try await bootstrap.bind(unixDomainSocketPath: socketPath, cleanupExistingSocketFile: true,
                                              childChannelInitializer: initializer)
            chmod(socketPath, 0o600)
        }
        logger.info("listening", metadata: ["socket": "\(socketPath)", "activated": "\(listeningSocket != nil)"])
        let identity = SocketIdentity(path: socketPath)
        try await withGracefulShutdownHandler {
            try await withThrowingDiscardingTaskGroup { group in
                if let identity {
                    group.addTask { try? await watch(identity, closing: server.channel) }
                }
                try await server.executeThenClose { inbound in
                    for try await connection in inbound {
                        group.addTask {
                            await Connection(accepted: connection, manager: manager, discovery: discovery, transfers: transfers, localSend: localSend,
                                           logger: logger).serve()
                        }
                    }
                }
                // The listener is closed: tell the apps to terminate while their connections still
                // work, then end the connections that remain.
                await manager.terminateAll()
                group.cancelAll()
            }
        } onGracefulShutdown: {
            server.channel.close(promise: nil)
        }
    }

    /// Closes the listener once the socket path no longer leads to it: no client can reach this
    /// ferryd any more, so it ends its apps and exits, and the next `ferry` command starts a new one.
    private func watch(_ identity: SocketIdentity, closing listener: Channel) async throws {
        try await identity.waitUntilGone(from: socketPath, every: socketCheckInterval)
        // On SIGTERM closing the listener removes the path: that is the shutdown, not a fault.
        guard !Task.isShuttingDownGracefully else { return }
        logger.error("socket \(socketPath) was removed or replaced; ferryd ends its apps and exits, the next ferry command starts a new one")
        listener.close(promise: nil)
    }
}
