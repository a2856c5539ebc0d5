/// The hot path's replies written straight from the typed messages: a `result` without rows and an
/// app's `event`. Building the flat frame first cost about 1 µs per message (a struct of 43
/// optionals, copied and released), three times the writing itself. The members go out in
/// ``WireFrame``'s order, so the bytes are those of the frame's writer (WireCodecHotPathTests).
extension WireCodec {
    /// The line of `message` when it is on the hot path, else nil.
    static func hotPathLine(_ message: WireMessage) -> [UInt8]? {
        switch message {
        case .reply(.result(let result)) where !result.hasRows: result.jsonLine()
        case .event(.event(let event)): event.jsonLine()
        default: nil
        }
    }
}

extension DaemonReply.Result {
    /// Whether it carries rows, which the flat frame's writer writes.
    var hasRows: Bool { deliveries != nil || trusted != nil || offers != nil || pairRequests != nil }

    func jsonLine() -> [UInt8] {
        var out = JSONWriter()
        out.field("type", "result")
        out.field("id", id)
        out.field("app", app)
        out.field("outcome", outcome.rawValue)
        out.field("pid", pid.map(Int.init))
        out.field("handled", handled)
        out.field("message", message)
        out.field("code", code)
        out.field("failure", failure?.rawValue)
        if let command { out.object("command") { $0.command(command) } }
        if let apps { out.array("apps", apps) { $0.status($1) } }
        out.field("address", address)
        if let peers { out.array("peers", peers) { $0.peer($1) } }
        out.field("fingerprint", fingerprint)
        out.field("peer", peer)
        out.field("mode", mode?.rawValue)
        out.field("offer", offer)
        if let archive { out.object("archive") { $0.archive(archive) } }
        if let protection { out.object("protection") { $0.protection(protection) } }
        return out.finish()
    }
}

extension AppEvent.Event {
    func jsonLine() -> [UInt8] {
        var out = JSONWriter()
        out.field("type", "event")
        out.field("id", id)
        out.field("event", event)
        out.field("url", url)
        if let options { out.object("options") { $0.options(options) } }
        if let archive { out.object("archive") { $0.archive(archive) } }
        return out.finish()
    }
}
