/// Any frame of protocol 2, by direction: the one type the version 2 codec reads and writes.
///
/// On the wire each is one JSON object whose `type` names the case and whose other members are
/// the payload's, nested objects for rows (no tab-joined strings).
public enum WireMessage: Sendable, Equatable {
    case handshake(Handshake)
    case request(ClientRequest)
    case reply(DaemonReply)
    case event(AppEvent)
    case appReply(AppReply)

    /// The `type` of this frame on the wire.
    public var type: String {
        switch self {
        case .handshake(.hello): "hello"
        case .handshake(.welcome): "welcome"
        case .handshake(.error): "error"
        case .request(let request): request.type
        case .reply(.result): "result"
        case .reply(.progress): "progress"
        case .reply(.peer): "peer"
        case .event(.event): "event"
        case .appReply(.reply): "reply"
        case .appReply(.stateData): "state-data"
        }
    }
}

extension ClientRequest {
    /// The `type` of this request on the wire.
    public var type: String {
        switch self {
        case .open: "open"
        case .ps: "ps"
        case .quit: "quit"
        case .kill: "kill"
        case .memoryWarning: "memory-warning"
        case .ping: "ping"
        case .peers: "peers"
        case .peerAdd: "peer-add"
        case .peerRemove: "peer-remove"
        case .send: "send"
        case .receiving: "receiving"
        case .trust: "trust"
        case .pending: "pending"
        case .accept: "accept"
        case .decline: "decline"
        case .cancel: "cancel"
        case .pair: "pair"
        case .pairPending: "pair-pending"
        case .pairConfirm: "pair-confirm"
        case .pairAccept: "pair-accept"
        case .pairDecline: "pair-decline"
        case .state: "state"
        case .unlock: "unlock"
        case .lock: "lock"
        case .protectionStatus: "protection-status"
        case .webShare: "web-share"
        }
    }
}
