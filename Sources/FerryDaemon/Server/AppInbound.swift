import FerryCore

/// What a managed app sends after `hello`, as its connection acts on it.
enum AppInbound: Equatable {
    /// A chunk of saved state, for the app's preservation.
    case state(Envelope<AppReply>)
    /// The answer to an event; with `archive`, also the end of a state upload.
    case reply(Envelope<AppReply.Reply>)
    /// A background task begun or ended; the envelope carries the task's identifier.
    case backgroundTask(Envelope<AppReply.BackgroundTask>)
    /// Anything else: the app broke the protocol and is cut off after this error.
    case refused(WireError)

    init(_ message: WireMessage) {
        switch message {
        case .appReply(let reply):
            switch reply.body {
            case .stateData: self = .state(reply)
            case .reply(let answer): self = .reply(.init(id: reply.id, answer))
            case .backgroundTask(let task): self = .backgroundTask(.init(id: reply.id, task))
            }
        default: self = .refused(WireError(.malformedFrame, "an app sends only reply frames after hello"))
        }
    }
}
