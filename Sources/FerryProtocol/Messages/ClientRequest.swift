/// What a client (`ferry`, or an app on a client connection) asks the daemon, sent in an
/// ``Envelope`` whose `id` the ``DaemonReply`` frames that answer it carry.
///
/// The cases and their wire face live here together: a new request adds its case and a line to
/// each of the three switches below (`type`, read, write); its body, if it needs a new one, goes
/// in ClientRequest+Bodies.swift (or a `ClientRequest+Feature.swift` of its own).
public enum ClientRequest: Sendable, Equatable {
    case open(Open)
    case ps
    case quit(AppTarget)
    case kill(AppTarget)
    case memoryWarning
    case ping
    case peers(Peers)
    case peerAdd(ManualPeer)
    case peerRemove(ManualPeer)
    case send(Send)
    case receiving(Receiving)
    case trust(Trust)
    case pending
    case accept(OfferAnswer)
    case decline(OfferAnswer)
    /// Stop the running `send` named `offer`.
    case cancel(OfferAnswer)
    case pair(Pair)
    case pairPending
    case pairConfirm(PairConfirm)
    case pairAccept(PairAccept)
    case pairDecline(OfferAnswer)
    case state(StateQuery)
    /// Data protection (ClientRequest+Protection.swift).
    case unlock(Unlock)
    case lock(Lock)
    case protectionStatus
    /// LocalSend's web share of `files` until the client leaves (ClientRequest+WebShare.swift).
    case webShare(WebShare)

    /// The request one line's object stands for, each missing field named.
    init(_ object: WireObject) throws(WireError) {
        let o = object
        switch object.type {
        case "open":
            self = .open(.init(url: try o.needString("url"), app: try o.string("app"), source: try o.string("source"),
                               annotation: try o.string("annotation"), background: try o.bool("background"), wait: try o.bool("wait"),
                               activationToken: try o.string("activationToken")))
        case "ps": self = .ps
        case "quit": self = .quit(.init(app: try o.needString("app")))
        case "kill": self = .kill(.init(app: try o.needString("app")))
        case "memory-warning": self = .memoryWarning
        case "ping": self = .ping
        case "peers": self = .peers(.init(wait: try o.bool("wait")))
        case "peer-add": self = .peerAdd(.init(address: try o.needString("address")))
        case "peer-remove": self = .peerRemove(.init(address: try o.needString("address")))
        case "send": self = .send(try .init(o))
        case "receiving": self = .receiving(.init(mode: try o.word("mode")))
        case "trust":
            self = .trust(.init(action: try o.needWord("action"), fingerprint: try o.string("fingerprint"),
                                peer: try o.string("peer"), autoAccept: try o.bool("autoAccept")))
        case "pending": self = .pending
        case "accept": self = .accept(.init(offer: try o.needString("offer")))
        case "decline": self = .decline(.init(offer: try o.needString("offer")))
        case "cancel": self = .cancel(.init(offer: try o.needString("offer")))
        case "pair": self = .pair(try .init(o))
        case "pair-pending": self = .pairPending
        case "pair-confirm":
            self = .pairConfirm(.init(offer: try o.needString("offer"),
                                      confirmed: try o.need("confirmed") { field throws(JSONScanner.Failure) in try field.bool() }))
        case "pair-accept": self = .pairAccept(.init(offer: try o.needString("offer"), code: try o.string("code")))
        case "pair-decline": self = .pairDecline(.init(offer: try o.needString("offer")))
        case "state": self = .state(.init(app: try o.needString("app"), discard: try o.bool("discard")))
        case "unlock": self = .unlock(.init(data: try o.needString("data")))
        case "lock": self = .lock(.init(mode: try o.word("mode")))
        case "protection-status": self = .protectionStatus
        case "web-share": self = .webShare(.init(files: try o.need("files") { field throws(JSONScanner.Failure) in try field.strings() as [String]? },
                                                 pin: try o.string("pin")))
        default: throw WireError(.malformedFrame, "unknown frame type \"\(object.type)\"")
        }
    }

    /// The request's members after its `type`.
    func write(to out: inout JSONWriter) {
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
}
