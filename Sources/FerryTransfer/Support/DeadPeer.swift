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

    /// The one line for a connection given up by its watchdog.
    /// - Parameter resumable: Whether sending again continues where this send stopped.
    public static func stoppedAnswering(_ peer: String, seconds: UInt32, resumable: Bool) -> String {
        "\(peer) stopped answering: no acknowledgement for \(seconds) s (it left the network, or its cable was pulled); "
            + (resumable ? "send again to resume" : "send again")
    }
}

extension ChannelPipeline.SynchronousOperations {
    /// Adds, first in the pipeline, the watchdog that closes the connection once its peer is gone
    /// (``DeadPeerCheck``) and records that in `silent`. Pair it with
    /// `ClientBootstrap.detectingDeadPeers(after:)` for connections that go quiet.
    public func addDeadPeerWatchdog(after seconds: Int, silent: SilentPeer) throws {
        try addHandler(DeadPeerWatchdog(limitSeconds: seconds, silent: silent), position: .first)
    }
}
