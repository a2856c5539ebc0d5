import NIOHTTP1

/// The answer to a cancel: the offer is gone, its received files kept for a resume.
public struct CancelReceipt: Codable, Sendable, Equatable {
    public var offer: String
    /// `cancelled`.
    public var status: String

    public init(offer: String, status: String) {
        self.offer = offer
        self.status = status
    }
}

extension TransferConnection {
    /// `DELETE /ferry/v1/offers/{offer}`: the sender gives the offer up, freeing its slot at once
    /// instead of after the idle time.
    func cancel(offer: String, fingerprint: String, parts: inout Inbound) async throws -> HTTPReply {
        try await Self.drain(&parts)
        try await receiver.cancel(offer: offer, peer: fingerprint)
        return .json(CancelReceipt(offer: offer, status: "cancelled"))
    }
}
