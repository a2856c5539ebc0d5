/// Every message straight from and to its line: the handshake's, the app's and the peer changes
/// here; requests in ClientRequest.swift, results and progress in DaemonReply+JSON.swift.
/// Members go out in one fixed order (type, id, then the protocol's historical order).
extension WireMessage {
    /// The message one line's object stands for.
    ///
    /// - Throws: ``WireError`` `malformed-frame` for an unknown type or word, or a missing field.
    init(_ object: WireObject) throws(WireError) {
        switch object.type {
        case "hello": self = .handshake(.hello(try .init(object)))
        case "welcome":
            self = .handshake(.welcome(.init(protocol: try object.needInt("protocol"), server: try object.string("server"),
                                             bundleId: try object.string("bundleId"),
                                             identifierForVendor: try object.string("identifierForVendor"))))
        case "error": self = .handshake(.error(.init(code: try object.needString("code"), message: try object.string("message"))))
        case "result": self = .reply(.init(id: try object.id(), .result(try .init(object))))
        case "progress": self = .reply(.init(id: try object.id(), .progress(try .init(object))))
        case "peer":
            self = .peer(.init(event: try object.needWord("event"), message: try object.string("message"),
                               peers: try object.need("peers") { field throws(JSONScanner.Failure) in try field.peers() }))
        case "event": self = .event(.init(id: try object.id(), .event(try .init(object))))
        case "reply":
            self = .appReply(.init(id: try object.id(), .reply(.init(result: try object.bool("result") ?? false,
                                                                     archive: try object.optional("archive") { field throws(JSONScanner.Failure) in try field.archive() }))))
        case "state-data": self = .appReply(.init(id: try object.id(), .stateData(.init(data: try object.needString("data")))))
        case "background-task": self = .appReply(.init(id: try object.id(), .backgroundTask(try .init(object))))
        // A request's id is read before its members, as for every numbered message.
        default: self = .request(.init(id: try object.id(), try ClientRequest(object)))
        }
    }

    /// The message as one line of JSON, newline included.
    func jsonLine() -> [UInt8] {
        var out = JSONWriter()
        switch self {
        case .reply(let reply):
            // The hot path first: `ferry open`'s answer.
            switch reply.body {
            case .result(let result):
                out.field("type", "result")
                out.field("id", reply.id)
                result.write(to: &out)
            case .progress(let progress):
                out.field("type", "progress")
                out.field("id", reply.id)
                progress.write(to: &out)
            }
        case .request(let request):
            out.field("type", request.body.type)
            out.field("id", request.id)
            request.body.write(to: &out)
        case .event(let event):
            out.field("type", "event")
            out.field("id", event.id)
            event.body.write(to: &out)
        case .handshake(.hello(let hello)):
            out.field("type", "hello")
            hello.write(to: &out)
        default: writeRest(to: &out)
        }
        return out.finish()
    }

    /// The messages that are not on any fast path, `type` first.
    private func writeRest(to out: inout JSONWriter) {
        out.field("type", type)
        switch self {
        case .handshake(.welcome(let welcome)):
            out.field("protocol", welcome.protocol)
            out.field("server", welcome.server)
            out.field("bundleId", welcome.bundleId)
            out.field("identifierForVendor", welcome.identifierForVendor)
        case .handshake(.error(let failure)):
            out.field("message", failure.message)
            out.field("code", failure.code)
        case .peer(let change):
            out.field("event", change.event.rawValue)
            out.field("message", change.message)
            out.array("peers", change.peers) { $0.peer($1) }
        case .appReply(let envelope):
            out.field("id", envelope.id)
            envelope.body.write(to: &out)
        case .reply, .request, .event, .handshake(.hello): break
        }
    }
}

extension AppEvent {
    func write(to out: inout JSONWriter) {
        switch self {
        case .event(let event): event.write(to: &out)
        }
    }
}

extension AppReply {
    func write(to out: inout JSONWriter) {
        switch self {
        case .reply(let reply):
            out.field("result", reply.result)
            if let archive = reply.archive { out.object("archive") { $0.archive(archive) } }
        case .stateData(let chunk): out.field("data", chunk.data)
        case .backgroundTask(let task):
            out.field("action", task.action.rawValue)
            out.field("name", task.name)
        }
    }
}

extension Handshake.Hello {
    init(_ object: WireObject) throws(WireError) {
        self.init(protocol: try object.needInt("protocol"), role: try object.needWord("role"), token: try object.string("token"),
                  restoration: try object.bool("restoration"))
        if role == .app && token == nil {
            throw WireError(.malformedFrame, "missing field \"token\": an app's hello carries its launch token (see docs/protocol.md)")
        }
    }

    func write(to out: inout JSONWriter) {
        out.field("protocol", self.protocol)
        out.field("role", role.rawValue)
        out.field("token", token)
        out.field("restoration", restoration)
    }
}

extension AppEvent.Event {
    init(_ object: WireObject) throws(WireError) {
        self.init(event: try object.needString("event"), url: try object.string("url"),
                  options: try object.optional("options") { field throws(JSONScanner.Failure) in try field.options() },
                  archive: try object.optional("archive") { field throws(JSONScanner.Failure) in try field.archive() },
                  task: try object.int("task"), value: try object.string("value"), budgetMs: try object.int("budgetMs"))
    }

    func write(to out: inout JSONWriter) {
        out.field("event", event)
        out.field("url", url)
        if let options { out.object("options") { $0.options(options) } }
        if let archive { out.object("archive") { $0.archive(archive) } }
        out.field("task", task)
        out.field("value", value)
        out.field("budgetMs", budgetMs)
    }
}

extension AppReply.BackgroundTask {
    init(_ object: WireObject) throws(WireError) {
        let word = try object.needString("action")
        guard let action = Action(rawValue: word) else {
            throw WireError(.malformedFrame, "unknown background-task action \"\(word)\": begin or end")
        }
        self.init(action: action, name: try object.string("name"))
    }
}
