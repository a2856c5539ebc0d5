import NIOCore

/// When a connection's peer counts as gone: a pulled cable or a powered-off device never closes
/// its connections, and TCP alone waits about 15 minutes before giving up on one.
public enum DeadPeer {
    /// Seconds without any acknowledgement from the peer, while it owes one, after which a
    /// connection is given up (Tests/LAN/faults, link_cut_*).
    public static let defaultSeconds = 30

    /// TCP_KEEPIDLE for a limit: the first keep-alive probe after a third of it.
    static func keepAliveIdle(_ seconds: Int) -> ChannelOptions.Types.SocketOption.Value {
        .init(clamping: max(1, seconds / 3))
    }

    /// TCP_KEEPINTVL for a limit: four probes, a sixth of it apart, end an idle connection in time.
    static func keepAliveInterval(_ seconds: Int) -> ChannelOptions.Types.SocketOption.Value {
        .init(clamping: max(1, seconds / 6))
    }
}
