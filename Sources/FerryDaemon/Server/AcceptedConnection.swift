import FerryCore
import NIOCore

#if canImport(Glibc)
import Glibc
#endif

/// A connection as the listener hands it over: framed, wrapped for async use, its peer's uid
/// checked, the registry's freshness check begun, and a client's first frames answered where
/// they can be (``ClientFirstFrames``). All of it runs on the connection's event loop, as bytes
/// arrive: from the connection's task each step cost a hop to another thread and back, on every
/// `ferry` command (issue 26).
struct AcceptedConnection: Sendable {
    let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>
    /// Whether the peer runs as ferryd's user; other users are refused (``Connection/serve()``).
    let sameUser: Bool
    /// ``RegistryService/reloadIfFoldersChanged(on:)``, begun at accept: a change made before
    /// the command connected counts for its requests.
    let registryChecked: EventLoopFuture<Bool>

    static func make(_ channel: any Channel, manager: AppManager) -> EventLoopFuture<AcceptedConnection> {
        peerIsSameUser(channel).flatMapThrowing { sameUser in
            let checked = manager.registryService.reloadIfFoldersChanged(on: channel.eventLoop)
            let first = ClientFirstFrames(sameUser: sameUser, registryChecked: checked, manager: manager)
            try channel.pipeline.syncOperations.addHandlers(LineFrameDecoder.handler(), first)
            let wrapped = try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
            return AcceptedConnection(channel: wrapped, sameUser: sameUser, registryChecked: checked)
        }
    }

    /// `SO_PEERCRED`; false when it cannot be read.
    private static func peerIsSameUser(_ channel: any Channel) -> EventLoopFuture<Bool> {
        guard let provider = channel as? any SocketOptionProvider else { return channel.eventLoop.makeSucceededFuture(false) }
        let credentials: EventLoopFuture<PeerCredentials> = provider.unsafeGetSocketOption(
            level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(SO_PEERCRED))
        return credentials.map { $0.uid == getuid() }.recover { _ in false }
    }
}

