/// One row of `ferry peers`.
public struct Peer: Sendable, Equatable {
    public enum Source: String, Sendable {
        /// Announced over mDNS/DNS-SD and found through Avahi.
        case multicast
        /// Added by the user with `ferry peers add HOST:PORT`.
        case manual
        /// Published in a wide-area DNS-SD domain and found with unicast DNS queries.
        case dns
    }

    /// The DNS-SD instance name (the device name), or HOST:PORT for a manual peer.
    public var name: String
    public var hostName: String
    public var addresses: [String]
    public var port: Int
    public var advertisement: PeerAdvertisement
    public var source: Source
    /// Seconds since the Unix epoch of the last announcement or successful liveness check.
    public var lastSeen: Double
    /// Whether the peer answered its last liveness check; nil when it was never checked.
    public var reachable: Bool?

    public init(name: String, hostName: String, addresses: [String], port: Int, advertisement: PeerAdvertisement,
                source: Source, lastSeen: Double, reachable: Bool? = nil) {
        self.name = name
        self.hostName = hostName
        self.addresses = addresses
        self.port = port
        self.advertisement = advertisement
        self.source = source
        self.lastSeen = lastSeen
        self.reachable = reachable
    }

    /// The address to connect to: IPv4 first, then a routable IPv6 address.
    public var preferredAddress: String? {
        addresses.first { !$0.contains(":") } ?? addresses.first { !$0.lowercased().hasPrefix("fe80") }
    }
}

/// A change to the table, as `ferry peers --watch` streams it.
public struct PeerEvent: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case added, updated, removed
    }

    public var kind: Kind
    public var peer: Peer
    /// Why a peer left: goodbye (Avahi's removal), withdrawn (gone from the wide-area domain), expired (stopped answering), avahi (avahi-daemon went away), manual.
    public var reason: String?

    public init(_ kind: Kind, _ peer: Peer, reason: String? = nil) {
        self.kind = kind
        self.peer = peer
        self.reason = reason
    }
}
