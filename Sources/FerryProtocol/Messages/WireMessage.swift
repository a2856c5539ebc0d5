/// Any message of the protocol, by direction: the one type the codec reads and writes.
///
/// On the wire each is one JSON object whose `type` names the case and whose other members are
/// the payload's (the envelope's `id` first), nested objects for rows (no tab-joined strings).
public enum WireMessage: Sendable, Equatable {
    case handshake(Handshake)
    case request(Envelope<ClientRequest>)
    case reply(Envelope<DaemonReply>)
    /// A peer `added`, `updated` or `removed`, after a watching `peers`; it answers no request.
    case peer(DaemonReply.PeerChange)
    case event(Envelope<AppEvent>)
    case appReply(Envelope<AppReply>)

    /// The id that pairs a request with its answers and an event with its reply; nil for the
    /// handshake and peer changes, which answer nothing.
    public var id: Int? {
        switch self {
        case .handshake, .peer: nil
        case .request(let envelope): envelope.id
        case .reply(let envelope): envelope.id
        case .event(let envelope): envelope.id
        case .appReply(let envelope): envelope.id
        }
    }

    /// The `type` of this message on the wire.
    public var type: String {
        switch self {
        case .handshake(.hello): "hello"
        case .handshake(.welcome): "welcome"
        case .handshake(.error): "error"
        case .request(let request): request.body.type
        case .reply(let reply): reply.body.type
        case .peer: "peer"
        case .event: "event"
        case .appReply(let reply): reply.body.type
        }
    }
}

extension DaemonReply {
    /// The `type` of this reply on the wire.
    public var type: String {
        switch self {
        case .result: "result"
        case .progress: "progress"
        }
    }
}

extension AppReply {
    /// The `type` of this reply on the wire.
    public var type: String {
        switch self {
        case .reply: "reply"
        case .stateData: "state-data"
        case .backgroundTask: "background-task"
        }
    }
}
