import FoundationEssentials

extension TransferClient.Session {
    /// Asks the receiver to move the offer into its Inbox. Once asked, the receiver finishes on its
    /// own: a connection lost now does not mean nothing arrived, so the line says so rather than
    /// "try again, the transfer resumes". The finish is noted first (``PendingFinishes``) and the
    /// note dropped once answered, so a resend after a lost answer asks before it sends.
    ///
    /// - Throws: The receiver's refusal as it gave it; ``TransferError/Code/failed`` when the
    ///   connection broke before its answer came.
    func finish(_ id: String, _ exchange: inout HTTPExchange) async throws -> OfferReceipt {
        let noted = pending?.record(offer: id) ?? false
        let response: (Int, [UInt8])
        do {
            response = try await exchange.request(.POST, "/ferry/v1/offers/\(id)/finish")
        } catch {
            // Closed or broken, no answer came: the finish may have happened all the same.
            throw TransferError(.failed, noted
                ? "lost the connection to \(receiver) while it was finishing; the files may already be in its Inbox: sending them again first asks \(receiver), so nothing arrives twice"
                : "lost the connection to \(receiver) while it was finishing; the files may already be in its Inbox, so look there before sending them again")
        }
        pending?.remove()
        return try decode(response)
    }
}

/// One send's note of its finish: the store, the peer and the file set.
struct PendingFinish: Sendable {
    let store: PendingFinishes
    let peer: String
    let key: String

    func record(offer: String) -> Bool { store.record(peer: peer, key: key, offer: offer) }
    func remove() { store.remove(peer: peer, key: key) }
}

extension TransferClient {
    /// When an earlier send of these files to this peer never heard its finish answered, asks the
    /// receiver for that finish again: its receipt (the files are there) ends this send. Any other
    /// answer (404: it never finished, or forgot) drops the note, and the send goes on as usual.
    ///
    /// - Throws: ``TransferError`` when the receiver cannot be reached: the note stays.
    func askEarlierFinish(_ pending: PendingFinish, offer: TransferOffer, at peer: PeerEndpoint) async throws(TransferError) -> OfferReceipt? {
        pending.store.prune()
        guard let id = pending.store.offer(peer: pending.peer, key: pending.key) else { return nil }
        let (status, body) = try await connected(to: peer) { exchange, _ in
            try await exchange.request(.POST, "/ferry/v1/offers/\(id)/finish")
        }
        pending.remove()
        guard status == 200, let receipt = try? JSONDecoder().decode(OfferReceipt.self, from: Data(body)),
              receipt.offer == id, receipt.files.map(\.id) == offer.files.map(\.id) else { return nil }
        return receipt
    }
}
