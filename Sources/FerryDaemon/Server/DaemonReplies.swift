import FerryCore
import NIOCore

// The app manager's typed results as protocol frames. Exit codes are chosen here, for the CLI.

extension DaemonError.Code {
    /// The `ferry` exit code: 65 invalid URL, 67 unknown app, 69 no handler, 71 failed to start,
    /// 75 the app failed or timed out while handling, 1 not running, 64 a bad bundle identifier,
    /// 73 saved state unreadable.
    var exitCode: Int32 {
        switch self {
        case .invalidURL: 65
        case .unknownApp: 67
        case .noHandler: 69
        case .failedToStart: 71
        case .notRunning: 1
        case .invalidApp: 64
        case .stateFailed: 73
        default: 75
        }
    }
}

extension WireFrame {
    /// A declined open's exit code.
    static let declinedExitCode: Int32 = 77

    static func result(_ id: Int, outcome: String, app: String? = nil, pid: Int32? = nil) -> WireFrame {
        var frame = WireFrame(type: "result", id: id)
        frame.outcome = outcome
        frame.app = app
        frame.pid = pid
        return frame
    }

    static func failure(_ id: Int, _ error: DaemonError, app: String? = nil) -> WireFrame {
        var frame = result(id, outcome: "failed", app: app)
        frame.message = error.message
        frame.exitCode = error.code.exitCode
        return frame
    }

    init(_ reply: OpenReply) {
        switch reply {
        case .failed(let id, let app, let error):
            self = .failure(id, error, app: app)
        case .opened(let result):
            self = .result(result.id, outcome: result.outcome.rawValue, app: result.app, pid: result.pid)
            handled = result.handled
            message = result.message
            if result.outcome == .declined { exitCode = Self.declinedExitCode }
            if let command = result.command {
                self.command = CommandSpec(executable: command.executable, arguments: command.arguments,
                                           environment: command.environment)
            }
        }
    }

    init(_ id: Int, _ report: StateReport, app: String) {
        switch report {
        case .discarded: self = .result(id, outcome: "discarded", app: app)
        case .none: self = .result(id, outcome: "none", app: app)
        case .saved(let info):
            self = .result(id, outcome: "saved", app: app)
            archive = info
        case .damaged(let why):
            self = .result(id, outcome: "damaged", app: app)
            message = why
        }
    }

    init(_ event: AppEventMessage) {
        self.init(type: "event", id: event.id)
        self.event = event.event
        url = event.url
        options = event.options
        archive = event.archive
    }
}

extension OpenRequest {
    init(_ frame: WireFrame) {
        self.init(id: frame.id ?? 0, url: frame.url ?? "", app: frame.app, source: frame.source,
                  annotation: frame.annotation, background: frame.background ?? false, wait: frame.wait ?? false)
    }
}

extension AppStatusRow {
    var frame: WireFrame.AppStatus {
        WireFrame.AppStatus(bundleId: bundleId, state: state.rawValue, pid: pid, since: since)
    }
}

/// A managed app's connection: events encoded and written with writeAndFlush, so one is queued
/// without suspending the app manager.
struct ChannelAppLink: AppLink {
    let channel: any Channel
    /// The protocol version agreed in the handshake, for the welcome (events are the same in both).
    let version: Int

    func welcome(app: String) { write(Connection.welcome(bundleId: app, version: version)) }

    func send(_ event: AppEventMessage) { write(WireFrame(event)) }

    func close() { channel.close(promise: nil) }

    private func write(_ frame: WireFrame) {
        channel.writeAndFlush(ByteBuffer(bytes: WireCodec.encode(frame)), promise: nil)
    }
}
