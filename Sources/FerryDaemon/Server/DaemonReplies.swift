import FerryCore
import NIOCore

// The app manager's typed results as protocol replies. Exit codes are chosen here, for the CLI.

extension DaemonError.Code {
    /// The `ferry` exit code of a request that failed this way.
    var exitCode: Int32 {
        switch self {
        case .invalidURL: ExitStatus.invalidURL
        case .unknownApp: ExitStatus.unknownApp
        case .noHandler: ExitStatus.noHandler
        case .failedToStart: ExitStatus.launchFailed
        case .notRunning: ExitStatus.no
        case .invalidApp: ExitStatus.usage
        case .stateFailed: ExitStatus.cannotWrite
        default: ExitStatus.appFailed
        }
    }
}

extension DaemonReply.Result {
    init(_ id: Int, outcome: String, app: String? = nil, pid: Int32? = nil, message: String? = nil) {
        self.init(id: id, outcome: outcome)
        self.app = app
        self.pid = pid
        self.message = message
    }

    /// `failed`, with `message` and the exit code the CLI ends with (none: the CLI picks its own).
    static func failed(_ id: Int, _ message: String, exitCode: Int32? = nil) -> Self {
        var result = Self(id, outcome: "failed", message: message)
        result.exitCode = exitCode
        return result
    }

    static func failure(_ id: Int, _ error: DaemonError, app: String? = nil) -> Self {
        var result = failed(id, error.message, exitCode: error.code.exitCode)
        result.app = app
        return result
    }

    init(_ reply: OpenReply) {
        switch reply {
        case .failed(let id, let app, let error):
            self = .failure(id, error, app: app)
        case .opened(let result):
            self.init(result.id, outcome: result.outcome.rawValue, app: result.app, pid: result.pid, message: result.message)
            handled = result.handled
            if result.outcome == .declined { exitCode = ExitStatus.declined }
            if let command = result.command {
                self.command = CommandSpec(executable: command.executable, arguments: command.arguments,
                                                     environment: command.environment)
            }
        }
    }

    init(_ id: Int, _ report: StateReport, app: String) {
        switch report {
        case .discarded: self.init(id, outcome: "discarded", app: app)
        case .none: self.init(id, outcome: "none", app: app)
        case .saved(let info):
            self.init(id, outcome: "saved", app: app)
            archive = info
        case .damaged(let why):
            self.init(id, outcome: "damaged", app: app, message: why)
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

extension AppStatusRow {
    var row: AppStatus {
        AppStatus(bundleId: bundleId, state: state.rawValue, pid: pid, since: since)
    }
}

/// A managed app's connection: events encoded and written with writeAndFlush, so one is queued
/// without suspending the app manager.
struct ChannelAppLink: AppLink {
    let channel: any Channel
    /// The protocol version agreed in the handshake, for the welcome (events are the same in both).
    let version: Int

    func welcome(app: String) {
        // Version 1's writer, as before: the handshake is the same in both versions.
        write(.handshake(.welcome(Connection.welcome(bundleId: app, version: version))), version: 1)
    }

    func send(_ event: AppEvent.Event) { write(.event(.event(event)), version: version) }

    func close() { channel.close(promise: nil) }

    private func write(_ message: WireMessage, version: Int) {
        channel.writeAndFlush(ByteBuffer(bytes: WireCodec.encode(message, version: version)), promise: nil)
    }
}
