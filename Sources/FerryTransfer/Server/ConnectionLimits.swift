/// The listener's limits on connections, checked before any TLS work: a stranger can open
/// connections for free, so each costs a descriptor and memory only up to these bounds.
public struct ConnectionLimits: Sendable, Equatable {
    /// Connections open at once, from everyone. Default 128: well under the usual 1,024
    /// descriptors, each connection holding a socket and at most one staged file.
    public var maximumConnections = 128
    /// Connections open at once from one IP address. Default 16 (a sender uses one per send).
    public var maximumPerAddress = 16
    /// Seconds a connection may take to deliver a complete request head: from the accept (the
    /// TLS handshake included) to the first head, and from each response to the next head.
    /// Default 60, the idle timeout: a sender resuming a large file hashes the part already sent
    /// before its upload head leaves (tens of seconds for tens of GB). A slow sender of headers
    /// holds a slot no longer than this, where a byte a minute held it for ever.
    public var headSeconds: Double = 60
    /// Seconds a sender may stay silent with data owed to it before its connection is dropped
    /// (``DeadPeer``).
    public var deadPeerSeconds = DeadPeer.defaultSeconds

    public init() {}
}
