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
    let manager: AppManager
    let discovery: Discovery
    let logger: Logger

    func run() async throws {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(unixDomainSocketPath: socketPath, cleanupExistingSocketFile: true) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineFrameDecoder()))
                    return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        chmod(socketPath, 0o600)
        logger.info("listening", metadata: ["socket": "\(socketPath)"])
        try await withGracefulShutdownHandler {
            try await withThrowingDiscardingTaskGroup { group in
                try await server.executeThenClose { inbound in
                    for try await connection in inbound {
                        group.addTask {
                            await Connection(channel: connection, manager: manager, discovery: discovery, logger: logger).serve()
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
}
