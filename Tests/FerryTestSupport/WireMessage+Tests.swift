// Only test builds use it (see OffThePool.swift).
#if canImport(Testing)
import FerryProtocol

/// The parts of a message a test looks at, nil when the message is of another kind.
extension WireMessage {
    public var result: DaemonReply.Result? {
        if case .reply(let reply) = self, case .result(let result) = reply.body { result } else { nil }
    }

    public var welcome: Handshake.Welcome? {
        if case .handshake(.welcome(let welcome)) = self { welcome } else { nil }
    }

    /// An `error` message's code and line.
    public var failure: Handshake.Failure? {
        if case .handshake(.error(let failure)) = self { failure } else { nil }
    }
}
#endif
