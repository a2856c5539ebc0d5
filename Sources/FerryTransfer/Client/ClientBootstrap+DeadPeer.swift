import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#endif

extension ClientBootstrap {
    /// Keep-alive probes after a third of `seconds` of quiet, every sixth, four of them (10 s, 5 s
    /// for the default 30): an idle connection to a peer that is gone ends after about `seconds`. Without them a pulled cable left `ferry send`
    /// waiting for TCP's own give-up, about 15 minutes (Tests/LAN/faults, link_cut_*). While data
    /// is owed, a ``DeadPeerWatchdog`` decides instead; no TCP_USER_TIMEOUT, which also ends a
    /// connection to an alive receiver that keeps its window at zero (``DeadPeerCheck``).
    public func detectingDeadPeers(after seconds: Int) -> ClientBootstrap {
        self.channelOption(.socketOption(.so_keepalive), value: 1)
            .channelOption(.tcpOption(.init(rawValue: TCP_KEEPIDLE)), value: DeadPeer.keepAliveIdle(seconds))
            .channelOption(.tcpOption(.init(rawValue: TCP_KEEPINTVL)), value: DeadPeer.keepAliveInterval(seconds))
            .channelOption(.tcpOption(.init(rawValue: TCP_KEEPCNT)), value: 4)
    }
}
