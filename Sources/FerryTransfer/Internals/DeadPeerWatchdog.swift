import NIOCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Closes its connection when ``DeadPeerCheck`` says the peer is gone, and records that in a
/// ``SilentPeer`` so the caller can say why the connection ended. Goes first in the pipeline: it
/// watches the socket, not the bytes.
final class DeadPeerWatchdog: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private var check: DeadPeerCheck
    private let silent: SilentPeer
    private var task: RepeatedTask?

    init(limitSeconds: Int, silent: SilentPeer = SilentPeer()) {
        check = DeadPeerCheck(limitSeconds: limitSeconds)
        self.silent = silent
    }

    /// A quarter of the limit, between 0.5 and 2 s: a dead peer is noticed within one interval
    /// past the limit, and sampling costs one getsockopt per interval. Not shorter: a receiver
    /// answers at most one out-of-window probe per 500 ms (tcp_invalid_ratelimit), so the kernel's
    /// first quick probes can go unanswered for a moment from a peer that is alive.
    var interval: TimeAmount {
        .milliseconds(Int64(min(2000, max(500, check.limitMilliseconds / 4))))
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        task?.cancel()
        task = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        task?.cancel()
        task = nil
    }

    private func start(_ context: ChannelHandlerContext) {
        guard task == nil, let provider = context.channel as? SocketOptionProvider else { return }
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        task = context.eventLoop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { _ in
            provider.getTCPInfo().whenSuccess { info in
                let (watchdog, context) = bound.value
                watchdog.observe(info, context)
            }
        }
    }

    private func observe(_ info: tcp_info, _ context: ChannelHandlerContext) {
        let sample = DeadPeerCheck.Sample(unacked: info.tcpi_unacked, probes: info.tcpi_probes, sinceLastAck: info.tcpi_last_ack_recv)
        guard check.gone(after: sample) else { return }
        task?.cancel()
        task = nil
        silent.record(milliseconds: sample.sinceLastAck)
        context.close(promise: nil)
    }
}

/// Set when a ``DeadPeerWatchdog`` gave its connection up: how long the peer had been silent.
public final class SilentPeer: Sendable {
    private let value = Mutex<UInt32?>(nil)

    public init() {}

    func record(milliseconds: UInt32) { value.withLock { $0 = milliseconds } }

    /// Whole seconds the peer was silent when its connection was closed, nil while it was not.
    public var seconds: UInt32? { value.withLock { $0.map { $0 / 1000 } } }
}
