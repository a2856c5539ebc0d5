extension OfferAnswer {
    /// The bytes the receiver already holds, once each decision is checked to name an offered file at
    /// an offset inside it: the receiver is a peer, and its numbers must not trap the sender's
    /// arithmetic (`size - offset`, the resumed total).
    ///
    /// - Throws: A ``TransferError`` naming the receiver and the decision at fault.
    func resumedBytes(of offer: TransferOffer, from receiver: String) throws(TransferError) -> UInt64 {
        let sizes = Dictionary(offer.files.map { ($0.id, $0.size) }, uniquingKeysWith: { first, _ in first })
        var resumed: UInt64 = 0
        for decision in files {
            guard let size = sizes[decision.id], decision.offset <= size else {
                throw TransferError(.failed, "\(receiver) answered offset \(decision.offset) for file \(decision.id.debugDescription), "
                    + "which the offer does not hold; nothing was sent (a receiver that does not follow docs/transfer.md)")
            }
            resumed = resumed.addingReportingOverflow(decision.offset).partialValue
        }
        return resumed
    }
}
