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

    /// A client's message: its request's route, or the error to answer anything else with (the
    /// connection goes on after it).
    static func of(_ message: WireMessage) -> Result<RequestRoute, WireError> {
        guard case .request(let request) = message else {
            return .failure(WireError(.malformedFrame, "clients may not send \(message.type) frames"))
        }
        return .success(RequestRoute(request))
    }

    init(_ request: ClientRequest) {
        switch request {
        case .open(let open): self = .open(open)
        case .ps(let plain): self = .control(.ps(plain))
        case .quit(let target): self = .control(.quit(target))
        case .kill(let target): self = .control(.kill(target))
        case .memoryWarning(let plain): self = .control(.memoryWarning(plain))
        case .ping(let plain): self = .control(.ping(plain))
        case .peers(let peers): self = .control(.peers(peers))
        case .peerAdd(let peer): self = .control(.peerAdd(peer))
        case .peerRemove(let peer): self = .control(.peerRemove(peer))
        case .state(let query): self = .control(.state(query))
        case .send(let send): self = .transfer(.send(send))
        case .cancel(let answer): self = .transfer(.cancel(answer))
        case .webShare(let share): self = .transfer(.webShare(share))
        case .receiving(let receiving): self = .transfer(.receiving(receiving))
        case .trust(let trust): self = .transfer(.trust(trust))
        case .pending(let plain): self = .transfer(.pending(plain))
        case .accept(let answer): self = .transfer(.accept(answer))
        case .decline(let answer): self = .transfer(.decline(answer))
        case .pair(let pair): self = .transfer(.pair(.ask(pair)))
        case .pairPending(let plain): self = .transfer(.pair(.pending(plain)))
        case .pairConfirm(let confirm): self = .transfer(.pair(.confirm(confirm)))
        case .pairAccept(let accept): self = .transfer(.pair(.accept(accept)))
        case .pairDecline(let answer): self = .transfer(.pair(.decline(answer)))
        case .unlock(let unlock): self = .protection(.unlock(unlock))
        case .lock(let lock): self = .protection(.lock(lock))
        case .protectionStatus(let plain): self = .protection(.status(plain))
        }
    }
}

/// The requests the connection answers itself, through the app manager or discovery.
enum ControlRequest: Sendable, Equatable {
    case ps(ClientRequest.Plain)
    case quit(ClientRequest.AppTarget)
    case kill(ClientRequest.AppTarget)
    case memoryWarning(ClientRequest.Plain)
    case ping(ClientRequest.Plain)
    case peers(ClientRequest.Peers)
    case peerAdd(ClientRequest.ManualPeer)
    case peerRemove(ClientRequest.ManualPeer)
    case state(ClientRequest.StateQuery)
}

extension ControlRequest {
    var id: Int {
        switch self {
        case .ps(let plain), .memoryWarning(let plain), .ping(let plain): plain.id
        case .quit(let target), .kill(let target): target.id
        case .peers(let peers): peers.id
        case .peerAdd(let peer), .peerRemove(let peer): peer.id
        case .state(let query): query.id
        }
    }

    /// The app it names, for its failure.
    var app: String? {
        switch self {
        case .quit(let target), .kill(let target): target.app
        case .state(let query): query.app
        default: nil
        }
    }
}
