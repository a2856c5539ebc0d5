/// A peer this device trusts: paired, or added with `ferry trust add`.
public struct TrustedPeer: Codable, Sendable, Equatable {
    /// Lowercase hex SHA-256 of the peer's certificate.
    public var fingerprint: String
    /// The name the peer was known by when it was trusted.
    public var name: String
    /// Whether its offers are accepted without asking.
    public var autoAccept: Bool

    public init(fingerprint: String, name: String, autoAccept: Bool = true) {
        self.fingerprint = fingerprint
        self.name = name
        self.autoAccept = autoAccept
    }
}
