/// A receiver to send to: where it listens and the certificate it must present.
public struct PeerEndpoint: Sendable, Equatable {
    /// A host name or address.
    public var host: String
    public var port: Int
    /// The lowercase hex SHA-256 the receiver's certificate must hash to.
    public var fingerprint: String
    /// A name to show, such as the discovered service name.
    public var name: String

    public init(host: String, port: Int, fingerprint: String, name: String? = nil) {
        self.host = host
        self.port = port
        self.fingerprint = fingerprint.lowercased()
        self.name = name ?? "\(host):\(port)"
    }
}

/// Finds peers by name; discovery's peer table implements it.
public protocol PeerDirectory: Sendable {
    /// The peer advertised as `name`, if one is seen.
    func peer(named name: String) async -> PeerEndpoint?
}
