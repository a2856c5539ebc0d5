import FerryCore

/// Which part of ferryd serves a client's request: the one switch over ``ClientRequest``, so a new
/// request kind does not build until it has a place.
enum RequestRoute: Sendable, Equatable {
    /// The hot path: admitted and queued by the app manager.
    case open(ClientRequest.Open)
    /// Answered at once by the app manager or discovery.
    case control(ControlRequest)
    /// File transfers and pairing, each in a task of its own (they wait on the network and the user).
    case transfer(TransferRequest)
    case protection(ProtectionRequest)

    /// A client's message: its request's route in the request's envelope, or the error to answer
    /// anything else with (the connection goes on after it).
    static func of(_ message: WireMessage) -> Result<Envelope<RequestRoute>, WireError> {
        guard case .request(let request) = message else {
            return .failure(WireError(.malformedFrame, "clients may not send \(message.type) frames"))
        }
        return .success(Envelope(id: request.id, RequestRoute(request.body)))
    }

    init(_ request: ClientRequest) {
        switch request {
        case .open(let open): self = .open(open)
        case .ps: self = .control(.ps)
        case .quit(let target): self = .control(.quit(target))
        case .kill(let target): self = .control(.kill(target))
        case .memoryWarning: self = .control(.memoryWarning)
        case .ping: self = .control(.ping)
        case .peers(let peers): self = .control(.peers(peers))
        case .peerAdd(let peer): self = .control(.peerAdd(peer))
        case .peerRemove(let peer): self = .control(.peerRemove(peer))
        case .state(let query): self = .control(.state(query))
        case .send(let send): self = .transfer(.send(send))
        case .cancel(let answer): self = .transfer(.cancel(answer))
        case .webShare(let share): self = .transfer(.webShare(share))
        case .receiving(let receiving): self = .transfer(.receiving(receiving))
        case .trust(let trust): self = .transfer(.trust(trust))
        case .pending: self = .transfer(.pending)
        case .accept(let answer): self = .transfer(.accept(answer))
        case .decline(let answer): self = .transfer(.decline(answer))
        case .pair(let pair): self = .transfer(.pair(.ask(pair)))
        case .pairPending: self = .transfer(.pair(.pending))
        case .pairConfirm(let confirm): self = .transfer(.pair(.confirm(confirm)))
        case .pairAccept(let accept): self = .transfer(.pair(.accept(accept)))
        case .pairDecline(let answer): self = .transfer(.pair(.decline(answer)))
        case .unlock(let unlock): self = .protection(.unlock(unlock))
        case .lock(let lock): self = .protection(.lock(lock))
        case .protectionStatus: self = .protection(.status)
        }
    }
}

/// The requests the connection answers itself, through the app manager or discovery.
enum ControlRequest: Sendable, Equatable {
    case ps
    case quit(ClientRequest.AppTarget)
    case kill(ClientRequest.AppTarget)
    case memoryWarning
    case ping
    case peers(ClientRequest.Peers)
    case peerAdd(ClientRequest.ManualPeer)
    case peerRemove(ClientRequest.ManualPeer)
    case state(ClientRequest.StateQuery)
}

extension ControlRequest {
    /// The app it names, for its failure.
    var app: String? {
        switch self {
        case .quit(let target), .kill(let target): target.app
        case .state(let query): query.app
        default: nil
        }
    }
}
