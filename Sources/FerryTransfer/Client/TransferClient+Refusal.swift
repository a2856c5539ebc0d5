extension TransferClient {
    /// The receiver's refusal at the TLS handshake, told from a broken connection: the pinned
    /// receiver answered the client certificate with a `certificate_unknown` alert, which a
    /// Ferry receiver sends only while receiving is off there (docs/transfer.md, "Refusals").
    /// - Parameter failure: What the TLS layer (or else the connection) failed with.
    static func handshakeRefusal(_ failure: String, peer: PeerEndpoint, presented: String?) -> TransferError? {
        guard presented == peer.fingerprint, failure.contains("ALERT_CERTIFICATE_UNKNOWN") else { return nil }
        return TransferError(.receivingOff, "\(peer.name) refused the connection at the TLS handshake: receiving is off there; ask its owner to run `ferry receiving contacts`")
    }
}
