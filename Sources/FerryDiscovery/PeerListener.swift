import NIOCore
import NIOPosix
import ServiceLifecycle

/// The TCP port ferryd announces. Peers' liveness checks connect to it; each connection is
/// accepted and closed at once.
public struct PeerListener: Service {
    let channel: any Channel
    /// The bound port (the one asked for, or the kernel's choice for 0).
    public let port: Int

    /// Binds `host:port`; when the port is taken, falls back to one the kernel picks.
    public static func bind(host: String, port: Int) async throws -> PeerListener {
        do {
            return try await bindExactly(host: host, port: port)
        } catch where port != 0 {
            return try await bindExactly(host: host, port: 0)
        }
    }

    private static func bindExactly(host: String, port: Int) async throws -> PeerListener {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { $0.close() }
            .bind(host: host, port: port).get()
        return PeerListener(channel: channel, port: channel.localAddress?.port ?? port)
    }

    public func run() async throws {
        try? await gracefulShutdown()
        try? await channel.close()
    }
}
