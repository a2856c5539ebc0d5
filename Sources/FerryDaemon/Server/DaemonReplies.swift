import FerryCore
import NIOCore

// The app manager's typed results as protocol replies. The CLI picks the exit code from `failure`.

extension DaemonError.Code {
    /// The protocol's name for a request that failed this way.
    var failure: DaemonReply.Failure {
        switch self {
        case .invalidURL: .invalidURL
        case .unknownApp: .unknownApp
        case .noHandler: .noHandler
        case .failedToStart: .launchFailed
        case .notRunning: .notRunning
        case .invalidApp: .invalidApp
        case .stateFailed: .cannotWrite
        default: .appFailed
        }
    }
}

extension DaemonReply.Result {
    init(outcome: DaemonReply.Outcome, app: String? = nil, pid: Int32? = nil, message: String? = nil) {
        self.init(outcome: outcome)
        self.app = app
        self.pid = pid
        self.message = message
    }

    /// `failed`, with `message` and what kind of failure (none: the CLI picks its own exit code).
    static func failed(_ message: String, failure: DaemonReply.Failure? = nil) -> Self {
        var result = Self(outcome: .failed, message: message)
        result.failure = failure
        return result
    }

    static func failure(_ error: DaemonError, app: String? = nil) -> Self {
        var result = failed(error.message, failure: error.code.failure)
        result.app = app
        return result
    }

    init(_ reply: OpenReply) {
        switch reply {
        case .failed(_, let app, let error):
            self = .failure(error, app: app)
        case .opened(let result):
            self.init(outcome: result.outcome, app: result.app, pid: result.pid, message: result.message)
            handled = result.handled
            if let command = result.command {
                self.command = CommandSpec(executable: command.executable, arguments: command.arguments,
                                                     environment: command.environment)
            }
        }
    }

    init(_ report: StateReport, app: String) {
        switch report {
        case .discarded: self.init(outcome: .discarded, app: app)
        case .none: self.init(outcome: .none, app: app)
        case .saved(let info):
            self.init(outcome: .saved, app: app)
            archive = info
        case .damaged(let why):
            self.init(outcome: .damaged, app: app, message: why)
        }
    }
}

extension WireMessage {
    /// The `error` frame that tells the peer of a protocol failure (the connection closes after it,
    /// except for a request a client may not send).
    static func failure(_ error: WireError) -> WireMessage {
        .handshake(.error(Handshake.Failure(code: error.code.description, message: error.message)))
    }
}

extension QuitOutcome {
    var outcome: DaemonReply.Outcome {
        switch self {
        case .quit: .quit
        case .killed: .killed
        }
    }
}

extension AppStatusRow {
    var row: AppStatus {
        AppStatus(bundleId: bundleId, state: state.rawValue, pid: pid, since: since,
                  backgroundRemainingMs: backgroundTimeRemaining.map { Int($0.milliseconds) })
    }
}

/// A managed app's connection: events encoded and written with writeAndFlush, so one is queued
/// without suspending the app manager.
struct ChannelAppLink: AppLink {
    let channel: any Channel
    /// The protocol version agreed in the handshake, which the welcome echoes.
    let version: Int
    /// Where the welcome's identifierForVendor comes from; nil sends none.
    var vendors: VendorLookup? = nil

    func welcome(app: String) {
        var welcome = Connection.welcome(bundleId: app, version: version)
        welcome.identifierForVendor = vendors?.identifier(for: app)
        write(.handshake(.welcome(welcome)))
    }

    func send(_ event: Envelope<AppEvent>) { write(.event(event)) }

    func close() { channel.close(promise: nil) }

    private func write(_ message: WireMessage) {
        channel.writeAndFlush(ByteBuffer(bytes: WireCodec.encode(message)), promise: nil)
    }
}
