/// Between the typed messages and the flat frame the daemon's internals still pass around: the
/// version 2 codec is `JSON ⇄ WireMessage ⇄ WireFrame`, the version 1 codec `JSON ⇄ WireFrame`.
extension WireMessage {
    /// The message a frame stands for.
    ///
    /// - Throws: ``WireError`` `malformed-frame` for an unknown type or a missing required field.
    public init(frame: WireFrame) throws(WireError) {
        try frame.validate()
        let f = FrameFields(frame)
        switch frame.type {
        case "hello":
            self = .handshake(.hello(.init(protocol: try f.need(frame.protocol), role: try .init(wire: f.need(frame.role)),
                                           token: frame.token, restoration: frame.restoration)))
        case "welcome":
            self = .handshake(.welcome(.init(protocol: try f.need(frame.protocol), server: frame.server, bundleId: frame.bundleId)))
        case "error": self = .handshake(.error(.init(code: try f.need(frame.code), message: frame.message)))
        case "result": self = .reply(.result(try DaemonReply.Result(frame)))
        case "progress": self = .reply(.progress(try DaemonReply.Progress(frame)))
        case "peer": self = .reply(.peer(.init(event: try .init(wire: f.need(frame.event)), message: frame.message, peers: try f.need(frame.peers))))
        case "event":
            self = .event(.event(.init(id: try f.id(), event: try f.need(frame.event), url: frame.url,
                                       options: frame.options, archive: frame.archive)))
        case "reply": self = .appReply(.reply(.init(id: try f.id(), result: frame.result ?? false, archive: frame.archive)))
        case "state-data": self = .appReply(.stateData(.init(id: try f.id(), data: try f.need(frame.data))))
        default: self = .request(try ClientRequest(frame))
        }
    }

    /// The flat frame of this message.
    public var frame: WireFrame {
        switch self {
        case .handshake(.hello(let hello)):
            var frame = WireFrame(type: "hello")
            frame.protocol = hello.protocol
            frame.role = hello.role.rawValue
            frame.token = hello.token
            frame.restoration = hello.restoration
            return frame
        case .handshake(.welcome(let welcome)):
            var frame = WireFrame(type: "welcome")
            frame.protocol = welcome.protocol
            frame.server = welcome.server
            frame.bundleId = welcome.bundleId
            return frame
        case .handshake(.error(let failure)):
            var frame = WireFrame(type: "error")
            frame.code = failure.code
            frame.message = failure.message
            return frame
        case .request(let request): return request.frame
        case .reply(.result(let result)): return result.frame
        case .reply(.progress(let progress)): return progress.frame
        case .reply(.peer(let change)):
            var frame = WireFrame(type: "peer")
            frame.event = change.event.rawValue
            frame.message = change.message
            frame.peers = change.peers
            return frame
        case .event(.event(let event)):
            var frame = WireFrame(type: "event", id: event.id)
            frame.event = event.event
            frame.url = event.url
            frame.options = event.options
            frame.archive = event.archive
            return frame
        case .appReply(.reply(let reply)):
            var frame = WireFrame(type: "reply", id: reply.id)
            frame.result = reply.result
            frame.archive = reply.archive
            return frame
        case .appReply(.stateData(let chunk)):
            var frame = WireFrame(type: "state-data", id: chunk.id)
            frame.data = chunk.data
            return frame
        }
    }
}

/// Required fields of a frame, each missing one named in the error.
struct FrameFields {
    let frame: WireFrame
    init(_ frame: WireFrame) { self.frame = frame }

    func need<T>(_ value: T?, _ name: String = "a required field") throws(WireError) -> T {
        guard let value else {
            throw WireError(.malformedFrame, "\"\(frame.type)\" frame is missing \(name) (see docs/protocol.md)")
        }
        return value
    }

    func id() throws(WireError) -> Int { try need(frame.id, "\"id\"") }
}
