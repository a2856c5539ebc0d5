import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#endif

extension ClientBootstrap {
    /// Seconds after which a connection whose peer stopped answering is given up: unacknowledged
    /// data (TCP_USER_TIMEOUT) or, while idle, keep-alive probes. Without them a pulled cable left
    /// `ferry send` waiting for TCP's own give-up, about 15 minutes (Tests/LAN/faults, link_cut_*).
    static let deadPeerSeconds: Int32 = 30

    /// Keep-alive probes after 10 s of quiet, every 5 s, and the ``deadPeerSeconds`` limit.
    func detectingDeadPeers() -> ClientBootstrap {
        self.channelOption(.socketOption(.so_keepalive), value: 1)
            .channelOption(.tcpOption(.init(rawValue: TCP_KEEPIDLE)), value: 10)
            .channelOption(.tcpOption(.init(rawValue: TCP_KEEPINTVL)), value: 5)
            .channelOption(.tcpOption(.init(rawValue: TCP_KEEPCNT)), value: 4)
            .channelOption(.tcpOption(.init(rawValue: TCP_USER_TIMEOUT)), value: ChannelOptions.Types.SocketOption.Value(Self.deadPeerSeconds * 1000))
    }
}
