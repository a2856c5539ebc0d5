/// Between the typed messages and the flat frame of the one codec: `JSON ⇄ WireFrame ⇄ WireMessage`.
extension WireMessage {
    /// The message a frame stands for.
    ///
    /// - Throws: ``WireError`` `malformed-frame` for an unknown type or word, or a missing field.
    public init(frame: WireFrame) throws(WireError) {
        self = try Self.typed(frame)
        // The rules across fields (a send's files or url); each field alone was checked above.
        try frame.validate()
    }

    private static func typed(_ frame: WireFrame) throws(WireError) -> WireMessage {
        let f = FrameFields(frame)
        switch frame.type {
        case "hello":
            return .handshake(.hello(.init(protocol: try f.need(frame.protocol, "protocol"), role: try .init(wire: f.need(frame.role, "role")),
                                           token: frame.token, restoration: frame.restoration)))
        case "welcome":
            return .handshake(.welcome(.init(protocol: try f.need(frame.protocol, "protocol"), server: frame.server, bundleId: frame.bundleId)))
        case "error": return .handshake(.error(.init(code: try f.need(frame.code, "code"), message: frame.message)))
        case "result": return .reply(.result(try DaemonReply.Result(frame)))
        case "progress": return .reply(.progress(try DaemonReply.Progress(frame)))
        case "peer": return .reply(.peer(.init(event: try .init(wire: f.need(frame.event, "event")), message: frame.message, peers: try f.need(frame.peers, "peers"))))
        case "event":
            return .event(.event(.init(id: try f.id(), event: try f.need(frame.event, "event"), url: frame.url,
                                       options: frame.options, archive: frame.archive)))
        case "reply": return .appReply(.reply(.init(id: try f.id(), result: frame.result ?? false, archive: frame.archive)))
        case "state-data": return .appReply(.stateData(.init(id: try f.id(), data: try f.need(frame.data, "data"))))
        default: return .request(try ClientRequest(frame))
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

    func need<T>(_ value: T?, _ name: String) throws(WireError) -> T {
        guard let value else { throw WireError(.malformedFrame, "missing field \"\(name)\" (see docs/protocol.md)") }
        return value
    }

    func id() throws(WireError) -> Int { try need(frame.id, "id") }
}
