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
    case pending(ClientRequest.Plain)
    case accept(ClientRequest.OfferAnswer)
    case decline(ClientRequest.OfferAnswer)
    case pair(PairRequest)

    /// The request's id, which its answers carry.
    var id: Int {
        switch self {
        case .send(let send): send.id
        case .cancel(let answer), .accept(let answer), .decline(let answer): answer.id
        case .webShare(let share): share.id
        case .receiving(let receiving): receiving.id
        case .trust(let trust): trust.id
        case .pending(let plain): plain.id
        case .pair(let pair): pair.id
        }
    }

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
    case pending(ClientRequest.Plain)
    case confirm(ClientRequest.PairConfirm)
    case accept(ClientRequest.PairAccept)
    case decline(ClientRequest.OfferAnswer)

    var id: Int {
        switch self {
        case .ask(let pair): pair.id
        case .pending(let plain): plain.id
        case .confirm(let confirm): confirm.id
        case .accept(let accept): accept.id
        case .decline(let answer): answer.id
        }
    }
}
