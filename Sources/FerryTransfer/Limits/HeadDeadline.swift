import NIOCore
import NIOHTTP1

/// Closes a connection whose request head does not come in time: from the accept (the TLS
/// handshake included) to the first head, and from the end of each response to the next head.
/// The idle timeout alone let a sender hold a connection for ever with a byte of header a minute.
public final class HeadDeadline: ChannelDuplexHandler {
    public typealias InboundIn = HTTPServerRequestPart
    public typealias InboundOut = HTTPServerRequestPart
    public typealias OutboundIn = HTTPServerResponsePart
    public typealias OutboundOut = HTTPServerResponsePart

    private let timeout: TimeAmount
    private var timer: Scheduled<Void>?

    public init(timeout: TimeAmount) { self.timeout = timeout }

    public func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    public func handlerRemoved(context: ChannelHandlerContext) { disarm() }

    public func channelActive(context: ChannelHandlerContext) {
        if timer == nil { arm(context) }
        context.fireChannelActive()
    }

    public func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { disarm() }
        context.fireChannelRead(data)
    }

    public func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // Armed before the write goes on: NIO's pipelining handler hands a pipelined head it
        // held back to `channelRead` inside that write, and the head must find the timer to stop.
        if case .end = unwrapOutboundIn(data) { arm(context) }
        context.write(data, promise: promise)
    }

    private func arm(_ context: ChannelHandlerContext) {
        disarm()
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
    }

    private func disarm() {
        timer?.cancel()
        timer = nil
    }
}

/// Closes an accepted connection as soon as it is active: the listener took it over a limit.
final class CloseOnActive: ChannelInboundHandler, Sendable {
    public typealias InboundIn = NIOAny

    public func channelActive(context: ChannelHandlerContext) {
        context.close(promise: nil)
    }
}
