import FerryCore
import NIOCore

#if canImport(Glibc)
import Glibc
#endif

/// A connection as the listener hands it over: framed, wrapped for async use, its peer's uid
/// checked, a client's `welcome` answered, and the registry's freshness check begun. All of it
/// runs on the connection's event loop, as bytes arrive: from the connection's task each step
/// cost a hop to another thread and back, on every `ferry` command (issue 26).
struct AcceptedConnection: Sendable {
    let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>
    /// Whether the peer runs as ferryd's user; other users are refused (``Connection/serve()``).
    let sameUser: Bool
    /// ``RegistryService/reloadIfFoldersChanged(on:)``, begun at accept: a change made before
    /// the command connected counts for its requests.
    let registryChecked: EventLoopFuture<Bool>

    static func make(_ channel: any Channel, registry: RegistryService) -> EventLoopFuture<AcceptedConnection> {
        peerIsSameUser(channel).flatMapThrowing { sameUser in
            let checked = registry.reloadIfFoldersChanged(on: channel.eventLoop)
            try channel.pipeline.syncOperations.addHandlers(LineFrameDecoder.handler(), ClientWelcome(sameUser: sameUser))
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

/// Answers a client's `hello` with `welcome` as the frame is read, then leaves the pipeline. The
/// frame goes on to ``Connection``, which answers everything else: a refusal, an app's hello
/// (its welcome is written when the app is attached), and the requests. `ferry open URL` sends
/// its first request with `hello`, so the welcome is on its way while that request is served.
final class ClientWelcome: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let sameUser: Bool

    init(sameUser: Bool) {
        self.sameUser = sameUser
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        if let version = Self.clientVersion(frame, sameUser: sameUser) {
            let welcome = WireCodec.encode(.handshake(.welcome(Connection.welcome(version: version))))
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: welcome)), promise: nil)
        }
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    /// The version to welcome a client in, when `frame` is a client's acceptable `hello` from
    /// ferryd's user: the same checks ``Connection/serve()`` makes before serving it.
    static func clientVersion(_ frame: ByteBuffer, sameUser: Bool) -> Int? {
        guard sameUser, case .handshake(.hello(let hello))? = try? WireCodec.decodeMessage(frame.readableBytesView),
              hello.role != .app, (try? Connection.checkHello(.handshake(.hello(hello)))) != nil else { return nil }
        return hello.protocol
    }
}
