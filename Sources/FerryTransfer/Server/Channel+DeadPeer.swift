import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#endif

extension Channel {
    /// The client's dead-peer detection (``ClientBootstrap/detectingDeadPeers()``) on an accepted
    /// connection. Without it, a sender whose cable was pulled held its batch for the 60 s read
    /// timeout: its files stayed in the offer's tree, and the resend after the link came back
    /// started over (Tests/LAN/faults, link_cut_mid_batch). A probe after the link is back gets a
    /// reset at once. Best effort: a refused option must not cost the connection.
    func detectDeadPeers(after seconds: Int) {
        guard let options = syncOptions else { return }
        try? options.setOption(.socketOption(.so_keepalive), value: 1)
        try? options.setOption(.tcpOption(.init(rawValue: TCP_KEEPIDLE)), value: DeadPeer.keepAliveIdle(seconds))
        try? options.setOption(.tcpOption(.init(rawValue: TCP_KEEPINTVL)), value: DeadPeer.keepAliveInterval(seconds))
        try? options.setOption(.tcpOption(.init(rawValue: TCP_KEEPCNT)), value: 4)
        try? pipeline.syncOperations.addHandler(DeadPeerWatchdog(limitSeconds: seconds), position: .first)
    }
}
