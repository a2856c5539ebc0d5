/// Any message of the protocol, by direction: the one type the codec reads and writes.
///
/// On the wire each is one JSON object whose `type` names the case and whose other members are
/// the payload's, nested objects for rows (no tab-joined strings).
public enum WireMessage: Sendable, Equatable {
    case handshake(Handshake)
    case request(ClientRequest)
    case reply(DaemonReply)
    case event(AppEvent)
    case appReply(AppReply)

    /// The id that pairs a request with its answers and an event with its reply; nil for the
    /// handshake and peer changes, which answer nothing.
    public var id: Int? {
        switch self {
        case .handshake, .reply(.peer): nil
        case .request(let request): request.id
        case .reply(.result(let result)): result.id
        case .reply(.progress(let progress)): progress.id
        case .event(.event(let event)): event.id
        case .appReply(.reply(let reply)): reply.id
        case .appReply(.stateData(let chunk)): chunk.id
        }
    }

    /// The `type` of this message on the wire.
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
