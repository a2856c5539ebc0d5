import FerryCore

/// A LocalSend device seen by multicast or register.
public struct LocalSendPeer: Sendable, Equatable {
    /// How much the table has seen of a device, weakest first: a newcomer may push out a row of
    /// its own standing or weaker, never a stronger one.
    public enum Standing: Int, Sendable, Comparable {
        /// Only a multicast datagram, whose source address anyone on the LAN can forge.
        case announced
        /// A TCP connection from its address (a register or an offer), under a declared fingerprint.
        case connected
        /// A TLS certificate whose SHA-256 is the fingerprint.
        case verified

        public static func < (a: Standing, b: Standing) -> Bool { a.rawValue < b.rawValue }
    }

    /// What it says about itself; `alias` and `deviceModel` are cut to 64 characters and made
    /// printable (``PeerText/printable(_:)``) when recorded.
    public var info: LocalSendInfo
    /// The address its messages came from.
    public var address: String
    /// Lowercase hex: its certificate's SHA-256 when it was seen over TLS, else what it declared.
    public var fingerprint: String
    /// Seconds since the Unix epoch.
    public var lastSeen: Double
    public var standing: Standing

    /// Whether ``fingerprint`` came from a TLS certificate rather than from the device's word.
    public var verified: Bool { standing == .verified }

    public var port: Int { info.port ?? LocalSendSettings.defaultPort }
}
