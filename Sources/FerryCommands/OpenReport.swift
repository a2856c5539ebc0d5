import FerryCore

#if canImport(Glibc)
import Glibc
#endif

/// What happened to one URL given to `ferry open`, as a line or as JSON.
struct OpenReport {
    enum Outcome {
        case started(pid_t, String)
        case exited(Launcher.Termination, String)
    }

    var url: String
    var outcome: Outcome?
    var failure: CommandFailure?

    init(url: String, outcome: Outcome) {
        self.url = url
        self.outcome = outcome
    }

    init(url: String, failure: CommandFailure) {
        self.url = url
        self.failure = failure
    }

    var line: String {
        switch outcome {
        case .started(let pid, let app)?: "launched \(app) (pid \(pid))"
        case .exited(let termination, let app)?: "launched \(app), exited with status \(termination.shellStatus)"
        case nil: "failed: \(failure?.message ?? "")"
        }
    }

    private struct Fields: Encodable {
        var url: String
        var outcome: String
        var app: String?
        var pid: Int32?
        var status: Int32?
        var error: String?
        var exitCode: Int32?
    }

    var json: String {
        var fields = Fields(url: url, outcome: "failed")
        switch outcome {
        case .started(let pid, let app)?:
            fields.outcome = "started"
            fields.app = app
            fields.pid = pid
        case .exited(let termination, let app)?:
            fields.outcome = "exited"
            fields.app = app
            fields.status = termination.shellStatus
        case nil:
            fields.error = failure?.message
            fields.exitCode = failure?.exit.rawValue
        }
        return JSONOutput.line(fields)
    }
}
