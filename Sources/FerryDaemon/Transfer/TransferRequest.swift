import FerryCore

/// A client's request about file transfers (docs/protocol.md, "File transfers"), served by
/// ``TransferRequests``.
enum TransferRequest: Sendable, Equatable {
    case send(ClientRequest.Send)
    /// Stop the running send named `offer`.
    case cancel(ClientRequest.OfferAnswer)
    case webShare(ClientRequest.WebShare)
    case receiving(ClientRequest.Receiving)
    case trust(ClientRequest.Trust)
    case pending
    case accept(ClientRequest.OfferAnswer)
    case decline(ClientRequest.OfferAnswer)
    case pair(PairRequest)

    /// Whether it runs until its client leaves, and stops then (a send, a web share).
    var endsWithClient: Bool {
        switch self {
        case .send, .webShare: true
        default: false
        }
    }
}

/// A client's request about pairing (docs/protocol.md, "Pairing"), served by ``PairRequests``.
enum PairRequest: Sendable, Equatable {
    /// `pair`: ask a peer.
    case ask(ClientRequest.Pair)
    case pending
    case confirm(ClientRequest.PairConfirm)
    case accept(ClientRequest.PairAccept)
    case decline(ClientRequest.OfferAnswer)
}
