/// A listener's limits on connections and what they hold, checked before any TLS work: a
/// stranger can open connections for free, so each costs a descriptor and memory only up to
/// these bounds. Every listener (the Ferry port, LocalSend's) applies them through one
/// ``ListenerGate``, so a new surface cannot be born without them.
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
    /// Seconds a connection may stay silent while this side waits to read. Default 60.
    public var idleSeconds: Int64 = 60
    /// Bytes of request bodies held in memory at once, over all connections together (offer
    /// lists, LocalSend's JSON). Default 64 MiB: a body that would pass it is answered 503 with a
    /// Retry-After, so stalled bodies from many connections cannot add up to gigabytes.
    public var bodyBudget = 64 << 20
    /// The part of ``bodyBudget`` that senders who are not contacts may hold together. Default
    /// 32 MiB: in Everyone mode strangers cannot crowd out a contact's offer.
    public var strangerBodyBudget = 32 << 20

    public init() {}
}
