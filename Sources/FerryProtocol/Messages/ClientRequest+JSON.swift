/// A request's wire face, all in one place: its `type`, its members read and written, its id.
/// A new request adds its case to ClientRequest.swift and a line to each switch here.
extension ClientRequest {
    /// The request one line's object stands for, each missing field named.
    init(_ object: WireObject) throws(WireError) {
        let id = try object.id()
        let o = object
        switch object.type {
        case "open":
            self = .open(.init(id: id, url: try o.needString("url"), app: try o.string("app"), source: try o.string("source"),
                               annotation: try o.string("annotation"), background: try o.bool("background"), wait: try o.bool("wait"),
                               activationToken: try o.string("activationToken")))
        case "ps": self = .ps(.init(id: id))
        case "quit": self = .quit(.init(id: id, app: try o.needString("app")))
        case "kill": self = .kill(.init(id: id, app: try o.needString("app")))
        case "memory-warning": self = .memoryWarning(.init(id: id))
        case "ping": self = .ping(.init(id: id))
        case "peers": self = .peers(.init(id: id, wait: try o.bool("wait")))
        case "peer-add": self = .peerAdd(.init(id: id, address: try o.needString("address")))
        case "peer-remove": self = .peerRemove(.init(id: id, address: try o.needString("address")))
        case "send": self = .send(try .init(id: id, o))
        case "receiving": self = .receiving(.init(id: id, mode: try o.word("mode")))
        case "trust":
            self = .trust(.init(id: id, action: try o.needWord("action"), fingerprint: try o.string("fingerprint"),
                                peer: try o.string("peer"), autoAccept: try o.bool("autoAccept")))
        case "pending": self = .pending(.init(id: id))
        case "accept": self = .accept(.init(id: id, offer: try o.needString("offer")))
        case "decline": self = .decline(.init(id: id, offer: try o.needString("offer")))
        case "cancel": self = .cancel(.init(id: id, offer: try o.needString("offer")))
        case "pair": self = .pair(try .init(id: id, o))
        case "pair-pending": self = .pairPending(.init(id: id))
        case "pair-confirm":
            self = .pairConfirm(.init(id: id, offer: try o.needString("offer"),
                                      confirmed: try o.need("confirmed") { field throws(JSONScanner.Failure) in try field.bool() }))
        case "pair-accept": self = .pairAccept(.init(id: id, offer: try o.needString("offer"), code: try o.string("code")))
        case "pair-decline": self = .pairDecline(.init(id: id, offer: try o.needString("offer")))
        case "state": self = .state(.init(id: id, app: try o.needString("app"), discard: try o.bool("discard")))
        case "unlock": self = .unlock(.init(id: id, data: try o.needString("data")))
        case "lock": self = .lock(.init(id: id, mode: try o.word("mode")))
        case "protection-status": self = .protectionStatus(.init(id: id))
        case "web-share": self = .webShare(.init(id: id, files: try o.need("files") { field throws(JSONScanner.Failure) in try field.strings() as [String]? },
                                                 pin: try o.string("pin")))
        default: throw WireError(.malformedFrame, "unknown frame type \"\(object.type)\"")
        }
    }

    /// The request's members after its `type`.
    func write(to out: inout JSONWriter) {
        out.field("id", id)
        switch self {
        case .open(let open):
            out.field("url", open.url)
            out.field("app", open.app)
            out.field("source", open.source)
            out.field("annotation", open.annotation)
            out.field("background", open.background)
            out.field("wait", open.wait)
            out.field("activationToken", open.activationToken)
        case .ps, .memoryWarning, .ping, .pending, .pairPending, .protectionStatus: break
        case .quit(let target), .kill(let target): out.field("app", target.app)
        case .peers(let peers): out.field("wait", peers.wait)
        case .peerAdd(let peer), .peerRemove(let peer): out.field("address", peer.address)
        case .send(let send): send.write(to: &out)
        case .receiving(let receiving): out.field("mode", receiving.mode?.rawValue)
        case .trust(let trust):
            out.field("fingerprint", trust.fingerprint)
            out.field("peer", trust.peer)
            out.field("action", trust.action.rawValue)
            out.field("autoAccept", trust.autoAccept)
        case .accept(let answer), .decline(let answer), .cancel(let answer), .pairDecline(let answer): out.field("offer", answer.offer)
        case .pair(let pair):
            out.field("host", pair.host)
            out.field("port", pair.port)
            out.field("fingerprint", pair.fingerprint)
            out.field("peer", pair.peer)
        case .pairConfirm(let confirm):
            out.field("offer", confirm.offer)
            out.field("confirmed", confirm.confirmed)
        case .pairAccept(let accept):
            out.field("code", accept.code)
            out.field("offer", accept.offer)
        case .state(let query):
            out.field("app", query.app)
            out.field("discard", query.discard)
        case .unlock(let unlock): out.field("data", unlock.data)
        case .lock(let lock): out.field("mode", lock.mode?.rawValue)
        case .webShare(let share):
            out.strings("files", share.files)
            out.field("pin", share.pin)
        }
    }

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

    /// The request's id, which its answers carry.
    public var id: Int {
        switch self {
        case .open(let body): body.id
        case .ps(let body), .memoryWarning(let body), .ping(let body), .pending(let body), .pairPending(let body): body.id
        case .quit(let body), .kill(let body): body.id
        case .peers(let body): body.id
        case .peerAdd(let body), .peerRemove(let body): body.id
        case .send(let body): body.id
        case .receiving(let body): body.id
        case .trust(let body): body.id
        case .accept(let body), .decline(let body), .cancel(let body), .pairDecline(let body): body.id
        case .pair(let body): body.id
        case .pairConfirm(let body): body.id
        case .pairAccept(let body): body.id
        case .state(let body): body.id
        case .unlock(let body): body.id
        case .lock(let body): body.id
        case .protectionStatus(let body): body.id
        case .webShare(let body): body.id
        }
    }

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

extension ClientRequest.Send {
    /// A send names files or a URL, and a peer or a host and port.
    init(id: Int, _ o: WireObject) throws(WireError) {
        self.init(id: id, files: try o.strings("files"), url: try o.string("url"), peer: try o.string("peer"), host: try o.string("host"),
                  port: try o.int("port"), fingerprint: try o.string("fingerprint"), app: try o.string("app"), offer: try o.string("offer"))
        pin = try o.string("pin")
        guard files != nil || url != nil else { throw WireError(.malformedFrame, "a send names \"files\" or a \"url\" (see docs/protocol.md)") }
        guard peer != nil || (host != nil && port != nil) else {
            throw WireError(.malformedFrame, "a send names a \"peer\", or a \"host\" and \"port\" (see docs/protocol.md)")
        }
    }

    func write(to out: inout JSONWriter) {
        out.field("url", url)
        out.field("app", app)
        out.strings("files", files)
        out.field("host", host)
        out.field("port", port)
        out.field("fingerprint", fingerprint)
        out.field("peer", peer)
        out.field("offer", offer)
        out.field("pin", pin)
    }
}

extension ClientRequest.Pair {
    /// A pair names a peer, or a host and port.
    init(id: Int, _ o: WireObject) throws(WireError) {
        self.init(id: id, peer: try o.string("peer"), host: try o.string("host"), port: try o.int("port"), fingerprint: try o.string("fingerprint"))
        guard peer != nil || (host != nil && port != nil) else {
            throw WireError(.malformedFrame, "a pair names a \"peer\", or a \"host\" and \"port\" (see docs/protocol.md)")
        }
    }
}
