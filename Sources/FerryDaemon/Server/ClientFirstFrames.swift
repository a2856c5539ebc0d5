import FerryCore
import NIOCore

/// A client's first frames, answered on the event loop as they are read: `hello` with `welcome`,
/// and a first request that is an `open` the registry in place answers by itself (a command app,
/// or a URL that cannot be opened) with its result. `ferry open URL` sends both in one write, so
/// its answer leaves without a hop into the connection's task and back (issue 26). Every other
/// frame goes on, in order, to ``Connection``, which answers it as it always has: a refusal, an
/// app's hello, a managed app's open, the requests after the first. Then the handler leaves.
/// The welcomed hello is held until then: a connection whose one open was answered here and which
/// then closes never wakes the connection's task with a frame, only with its end.
final class ClientFirstFrames: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private enum State {
        case hello
        /// The welcomed hello, held until a frame must go on to the connection.
        case firstRequest(hello: NIOAny)
        /// The first request waits for the registry check begun at accept; what arrives meanwhile
        /// waits behind it.
        case holding(hello: NIOAny, frames: [NIOAny], inactive: Bool)
        /// The first request is answered; the next frame, if any, goes on behind the hello.
        case served(hello: NIOAny)
        case passing
    }

    private var state = State.hello
    private let sameUser: Bool
    private let registryChecked: EventLoopFuture<Bool>
    private let manager: AppManager

    init(sameUser: Bool, registryChecked: EventLoopFuture<Bool>, manager: AppManager) {
        self.sameUser = sameUser
        self.registryChecked = registryChecked
        self.manager = manager
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch state {
        case .hello:
            if let version = Self.clientVersion(unwrapInboundIn(data), sameUser: sameUser) {
                let welcome = WireCodec.encode(.handshake(.welcome(Connection.welcome(version: version))))
                context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: welcome)), promise: nil)
                state = .firstRequest(hello: data)
            } else {
                leave(context, passing: [data])
            }
        case .firstRequest(let hello):
            guard let request = Self.openRequest(unwrapInboundIn(data)) else { return leave(context, passing: [hello, data]) }
            state = .holding(hello: hello, frames: [], inactive: false)
            registryChecked.assumeIsolated().whenComplete { _ in self.answer(request, data, context) }
        case .holding(let hello, var frames, let inactive):
            frames.append(data)
            state = .holding(hello: hello, frames: frames, inactive: inactive)
        case .served(let hello):
            leave(context, passing: [hello, data])
        case .passing:
            context.fireChannelRead(data)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        switch state {
        case .holding, .served, .firstRequest: return
        case .hello, .passing: context.fireChannelReadComplete()
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        switch state {
        case .holding(let hello, let frames, _): state = .holding(hello: hello, frames: frames, inactive: true)
        case .firstRequest(let hello): leave(context, passing: [hello], readComplete: true, inactive: true)
        case .hello, .served, .passing: context.fireChannelInactive()
        }
    }

    /// Answers `request` here if the registry in place can, else passes it on; then what waited.
    private func answer(_ request: OpenRequest, _ frame: NIOAny, _ context: ChannelHandlerContext) {
        guard case .holding(let hello, let frames, let inactive) = state else { return }
        guard case .answered(let reply) = manager.resolve(request) else {
            return leave(context, passing: [hello, frame] + frames, readComplete: true, inactive: inactive)
        }
        let result = WireCodec.encode(.reply(.init(id: request.id, .result(.init(reply)))))
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: result)), promise: nil)
        if frames.isEmpty && !inactive {
            state = .served(hello: hello)
        } else {
            leave(context, passing: [hello] + frames, readComplete: true, inactive: inactive)
        }
    }

    /// Passes on what waited here, in order, and leaves the pipeline.
    private func leave(_ context: ChannelHandlerContext, passing frames: [NIOAny], readComplete: Bool = false, inactive: Bool = false) {
        state = .passing
        for frame in frames { context.fireChannelRead(frame) }
        if readComplete { context.fireChannelReadComplete() }
        if inactive { context.fireChannelInactive() }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    /// The version to welcome a client in, when `frame` is a client's acceptable `hello` from
    /// ferryd's user: the same checks ``Connection/serve()`` makes before serving it.
    static func clientVersion(_ frame: ByteBuffer, sameUser: Bool) -> Int? {
        guard sameUser, case .handshake(.hello(let hello))? = try? WireCodec.decodeMessage(frame.readableBytesView),
              hello.role != .app, (try? Connection.checkHello(.handshake(.hello(hello)))) != nil else { return nil }
        return hello.protocol
    }

    /// `frame` as an `open` request, if it is one.
    static func openRequest(_ frame: ByteBuffer) -> OpenRequest? {
        guard case .request(let envelope)? = try? WireCodec.decodeMessage(frame.readableBytesView),
              case .open(let open) = envelope.body else { return nil }
        return OpenRequest(id: envelope.id, open)
    }
}
