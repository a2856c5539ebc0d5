import FoundationEssentials

extension Receiver {
    /// Whether connections are taken at all: not while receiving is off. Asked at each TLS
    /// handshake, so that a device with receiving off serves nobody (pairing included).
    nonisolated func takesConnections() async -> Bool {
        await host.receivingMode().effective(at: Date()) != .off
    }

    /// The refusal an offer from `peer` gets for its sender alone (receiving mode and trust), known
    /// from the TLS fingerprint before the body is read; nil when the offer is to be read and
    /// judged. Not isolated to the receiver: it waits behind no other request.
    public nonisolated func offerRefusal(from peer: String) async -> TransferError? {
        let mode = await host.receivingMode()
        let trusted = await host.trustedPeer(fingerprint: peer)
        if case .refuse(let error) = OfferPolicy.senderVerdict(trusted: trusted, mode: mode, now: Date()) { return error }
        return nil
    }

    /// Whether `peer` is a trusted contact: its request bodies may use the whole memory budget.
    public nonisolated func isContact(_ peer: String) async -> Bool {
        await host.trustedPeer(fingerprint: peer) != nil
    }
}
