import NIOCore

/// Closes a connection whose peer sent nothing for `timeout` while this side was waiting to read.
///
/// NIO's `IdleStateHandler` counts from the last read, also while this side holds reads back:
/// NIOAsyncChannel stops reading when the request's consumer is slow (its disk, its thread pool),
/// and HTTP pipelining holds reads during a response. A receiver that stalled that long then cut
/// a live sender's upload as "idle". Here the clock runs only from a `read()` that found no data.
public final class ReadIdleDeadline: ChannelDuplexHandler, RemovableChannelHandler {
    public typealias InboundIn = NIOAny
    public typealias OutboundIn = NIOAny

    private let timeout: TimeAmount
    /// When this side last asked to read and has had nothing since; nil while it is not waiting.
    private var waitingSince: NIODeadline?
    private var check: Scheduled<Void>?

    public init(timeout: TimeAmount) { self.timeout = timeout }

    public func read(context: ChannelHandlerContext) {
        if waitingSince == nil {
            waitingSince = context.eventLoop.now
            schedule(context)
        }
        context.read()
    }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        waitingSince = nil
        context.fireChannelRead(data)
    }

    public func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    public func handlerRemoved(context: ChannelHandlerContext) { stop() }

    /// One check at a time, due when the current wait would reach the timeout.
    private func schedule(_ context: ChannelHandlerContext) {
        guard check == nil, let since = waitingSince else { return }
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        check = context.eventLoop.scheduleTask(deadline: since + timeout) {
            let (deadline, context) = bound.value
            deadline.due(context)
        }
    }

    private func due(_ context: ChannelHandlerContext) {
        check = nil
        guard let since = waitingSince else { return }
        if context.eventLoop.now - since >= timeout {
            waitingSince = nil
            context.close(promise: nil)
        } else {
            schedule(context)
        }
    }

    private func stop() {
        check?.cancel()
        check = nil
        waitingSince = nil
    }
}
