extension ClientRequest {
    /// This request numbered `id`: callers build requests with any id, and the connection that
    /// sends them numbers them, since only it knows which ids are in flight.
    public func with(id: Int) -> ClientRequest {
        switch self {
        case .open(var body): body.id = id; return .open(body)
        case .ps(var body): body.id = id; return .ps(body)
        case .quit(var body): body.id = id; return .quit(body)
        case .kill(var body): body.id = id; return .kill(body)
        case .memoryWarning(var body): body.id = id; return .memoryWarning(body)
        case .ping(var body): body.id = id; return .ping(body)
        case .peers(var body): body.id = id; return .peers(body)
        case .peerAdd(var body): body.id = id; return .peerAdd(body)
        case .peerRemove(var body): body.id = id; return .peerRemove(body)
        case .send(var body): body.id = id; return .send(body)
        case .receiving(var body): body.id = id; return .receiving(body)
        case .trust(var body): body.id = id; return .trust(body)
        case .pending(var body): body.id = id; return .pending(body)
        case .accept(var body): body.id = id; return .accept(body)
        case .decline(var body): body.id = id; return .decline(body)
        case .cancel(var body): body.id = id; return .cancel(body)
        case .pair(var body): body.id = id; return .pair(body)
        case .pairPending(var body): body.id = id; return .pairPending(body)
        case .pairConfirm(var body): body.id = id; return .pairConfirm(body)
        case .pairAccept(var body): body.id = id; return .pairAccept(body)
        case .pairDecline(var body): body.id = id; return .pairDecline(body)
        case .state(var body): body.id = id; return .state(body)
        case .unlock(var body): body.id = id; return .unlock(body)
        case .lock(var body): body.id = id; return .lock(body)
        case .protectionStatus(var body): body.id = id; return .protectionStatus(body)
        case .webShare(var body): body.id = id; return .webShare(body)
        }
    }
}
