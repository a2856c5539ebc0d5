/// Codable with the case in `type` and the payload's members beside it, in one flat object.
extension WireMessage: Codable {
    private enum TypeKey: String, CodingKey { case type }

    public init(from decoder: any Decoder) throws {
        let type = try decoder.container(keyedBy: TypeKey.self).decode(String.self, forKey: .type)
        switch type {
        case "hello": self = .handshake(.hello(try .init(from: decoder)))
        case "welcome": self = .handshake(.welcome(try .init(from: decoder)))
        case "error": self = .handshake(.error(try .init(from: decoder)))
        case "result": self = .reply(.result(try .init(from: decoder)))
        case "progress": self = .reply(.progress(try .init(from: decoder)))
        case "peer": self = .reply(.peer(try .init(from: decoder)))
        case "event": self = .event(.event(try .init(from: decoder)))
        case "reply": self = .appReply(.reply(try .init(from: decoder)))
        case "state-data": self = .appReply(.stateData(try .init(from: decoder)))
        default:
            guard let request = try ClientRequest(type: type, from: decoder) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [TypeKey.type], debugDescription: "unknown frame type \"\(type)\""))
            }
            self = .request(request)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TypeKey.self)
        try container.encode(type, forKey: .type)
        try payload.encode(to: encoder)
    }

    private var payload: any Encodable {
        switch self {
        case .handshake(.hello(let body)): body
        case .handshake(.welcome(let body)): body
        case .handshake(.error(let body)): body
        case .request(let request): request.payload
        case .reply(.result(let body)): body
        case .reply(.progress(let body)): body
        case .reply(.peer(let body)): body
        case .event(.event(let body)): body
        case .appReply(.reply(let body)): body
        case .appReply(.stateData(let body)): body
        }
    }
}

extension ClientRequest {
    fileprivate var payload: any Encodable {
        switch self {
        case .open(let body): body
        case .ps(let body), .memoryWarning(let body), .ping(let body), .pending(let body), .pairPending(let body): body
        case .quit(let body), .kill(let body): body
        case .peers(let body): body
        case .peerAdd(let body), .peerRemove(let body): body
        case .send(let body): body
        case .receiving(let body): body
        case .trust(let body): body
        case .accept(let body), .decline(let body), .cancel(let body), .pairDecline(let body): body
        case .pair(let body): body
        case .pairConfirm(let body): body
        case .pairAccept(let body): body
        case .state(let body): body
        case .unlock(let body): body
        case .lock(let body): body
        case .protectionStatus(let body): body
        case .webShare(let body): body
        }
    }

    /// The request of wire type `type`, or nil for a type no request has.
    fileprivate init?(type: String, from decoder: any Decoder) throws {
        switch type {
        case "open": self = .open(try .init(from: decoder))
        case "ps": self = .ps(try .init(from: decoder))
        case "quit": self = .quit(try .init(from: decoder))
        case "kill": self = .kill(try .init(from: decoder))
        case "memory-warning": self = .memoryWarning(try .init(from: decoder))
        case "ping": self = .ping(try .init(from: decoder))
        case "peers": self = .peers(try .init(from: decoder))
        case "peer-add": self = .peerAdd(try .init(from: decoder))
        case "peer-remove": self = .peerRemove(try .init(from: decoder))
        case "send": self = .send(try .init(from: decoder))
        case "receiving": self = .receiving(try .init(from: decoder))
        case "trust": self = .trust(try .init(from: decoder))
        case "pending": self = .pending(try .init(from: decoder))
        case "accept": self = .accept(try .init(from: decoder))
        case "decline": self = .decline(try .init(from: decoder))
        case "cancel": self = .cancel(try .init(from: decoder))
        case "pair": self = .pair(try .init(from: decoder))
        case "pair-pending": self = .pairPending(try .init(from: decoder))
        case "pair-confirm": self = .pairConfirm(try .init(from: decoder))
        case "pair-accept": self = .pairAccept(try .init(from: decoder))
        case "pair-decline": self = .pairDecline(try .init(from: decoder))
        case "state": self = .state(try .init(from: decoder))
        case "unlock": self = .unlock(try .init(from: decoder))
        case "lock": self = .lock(try .init(from: decoder))
        case "protection-status": self = .protectionStatus(try .init(from: decoder))
        case "web-share": self = .webShare(try .init(from: decoder))
        default: return nil
        }
    }
}
