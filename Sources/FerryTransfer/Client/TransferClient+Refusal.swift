extension TransferClient {
    /// The receiver's refusal at the TLS handshake, told from a broken connection: the pinned
    /// receiver answered the client certificate with a `certificate_unknown` alert, which a
    /// Ferry receiver sends only while receiving is off there (docs/transfer.md, "Refusals").
    static func handshakeRefusal(_ error: any Error, peer: PeerEndpoint, presented: String?) -> TransferError? {
        guard presented == peer.fingerprint, String(describing: error).contains("ALERT_CERTIFICATE_UNKNOWN") else { return nil }
        return TransferError(.receivingOff, "\(peer.name) refused the connection at the TLS handshake: receiving is off there; ask its owner to run `ferry receiving contacts`")
    }
}
