extension ClientRequest {
    /// The request a client frame stands for, each missing field named.
    init(_ frame: WireFrame) throws(WireError) {
        let f = FrameFields(frame)
        let id = try f.id()
        switch frame.type {
        case "open":
            self = .open(.init(id: id, url: try f.need(frame.url, "url"), app: frame.app, source: frame.source,
                               annotation: frame.annotation, background: frame.background, wait: frame.wait))
        case "ps": self = .ps(.init(id: id))
        case "quit": self = .quit(.init(id: id, app: try f.need(frame.app, "app")))
        case "kill": self = .kill(.init(id: id, app: try f.need(frame.app, "app")))
        case "memory-warning": self = .memoryWarning(.init(id: id))
        case "ping": self = .ping(.init(id: id))
        case "peers": self = .peers(.init(id: id, wait: frame.wait))
        case "peer-add": self = .peerAdd(.init(id: id, address: try f.need(frame.address, "address")))
        case "peer-remove": self = .peerRemove(.init(id: id, address: try f.need(frame.address, "address")))
        case "send":
            self = .send(.init(id: id, files: frame.files, url: frame.url, peer: frame.peer, host: frame.host,
                               port: frame.port, fingerprint: frame.fingerprint, app: frame.app, offer: frame.offer))
            if case .send(var send) = self, let pin = frame.pin {
                send.pin = pin
                self = .send(send)
            }
        case "receiving": self = .receiving(.init(id: id, mode: try frame.mode.map { mode throws(WireError) in try .init(wire: mode) }))
        case "trust":
            self = .trust(.init(id: id, action: try .init(wire: f.need(frame.action, "action")), fingerprint: frame.fingerprint,
                                peer: frame.peer, autoAccept: frame.autoAccept))
        case "pending": self = .pending(.init(id: id))
        case "accept": self = .accept(.init(id: id, offer: try f.need(frame.offer, "offer")))
        case "decline": self = .decline(.init(id: id, offer: try f.need(frame.offer, "offer")))
        case "cancel": self = .cancel(.init(id: id, offer: try f.need(frame.offer, "offer")))
        case "pair": self = .pair(.init(id: id, peer: frame.peer, host: frame.host, port: frame.port, fingerprint: frame.fingerprint))
        case "pair-pending": self = .pairPending(.init(id: id))
        case "pair-confirm": self = .pairConfirm(.init(id: id, offer: try f.need(frame.offer, "offer"), confirmed: try f.need(frame.confirmed, "confirmed")))
        case "pair-accept": self = .pairAccept(.init(id: id, offer: try f.need(frame.offer, "offer"), code: frame.code))
        case "pair-decline": self = .pairDecline(.init(id: id, offer: try f.need(frame.offer, "offer")))
        case "state": self = .state(.init(id: id, app: try f.need(frame.app, "app"), discard: frame.discard))
        case "unlock": self = .unlock(.init(id: id, data: try f.need(frame.data, "data")))
        case "lock": self = .lock(.init(id: id, mode: try frame.mode.map { mode throws(WireError) in try .init(wire: mode) }))
        case "protection-status": self = .protectionStatus(.init(id: id))
        case "web-share": self = .webShare(.init(id: id, files: try f.need(frame.files, "files"), pin: frame.pin))
        default: throw WireError(.malformedFrame, "unknown frame type \"\(frame.type)\"")
        }
    }

    /// The flat frame of this request (what the daemon's handlers read).
    public var frame: WireFrame {
        var frame = WireFrame(type: type, id: id)
        switch self {
        case .open(let open):
            frame.url = open.url
            frame.app = open.app
            frame.source = open.source
            frame.annotation = open.annotation
            frame.background = open.background
            frame.wait = open.wait
        case .ps, .memoryWarning, .ping, .pending, .pairPending: break
        case .quit(let target), .kill(let target): frame.app = target.app
        case .peers(let peers): frame.wait = peers.wait
        case .peerAdd(let peer), .peerRemove(let peer): frame.address = peer.address
        case .send(let send):
            frame.files = send.files
            frame.url = send.url
            frame.peer = send.peer
            frame.host = send.host
            frame.port = send.port
            frame.fingerprint = send.fingerprint
            frame.app = send.app
            frame.offer = send.offer
            frame.pin = send.pin
        case .receiving(let receiving): frame.mode = receiving.mode?.rawValue
        case .trust(let trust):
            frame.action = trust.action.rawValue
            frame.fingerprint = trust.fingerprint
            frame.peer = trust.peer
            frame.autoAccept = trust.autoAccept
        case .accept(let answer), .decline(let answer), .cancel(let answer), .pairDecline(let answer): frame.offer = answer.offer
        case .pair(let pair):
            frame.peer = pair.peer
            frame.host = pair.host
            frame.port = pair.port
            frame.fingerprint = pair.fingerprint
        case .pairConfirm(let confirm):
            frame.offer = confirm.offer
            frame.confirmed = confirm.confirmed
        case .pairAccept(let accept):
            frame.offer = accept.offer
            frame.code = accept.code
        case .state(let query):
            frame.app = query.app
            frame.discard = query.discard
        case .unlock(let unlock): frame.data = unlock.data
        case .lock(let lock): frame.mode = lock.mode?.rawValue
        case .protectionStatus: break
        case .webShare(let share):
            frame.files = share.files
            frame.pin = share.pin
        }
        return frame
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
}
