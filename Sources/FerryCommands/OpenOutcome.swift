import ArgumentParser
import FerryCore

extension DaemonReply.Result {
    /// A result for `ferry open`'s own outcomes (the daemon-less path, command apps).
    static func local(outcome: String) -> DaemonReply.Result {
        DaemonReply.Result(id: 0, outcome: outcome)
    }

    mutating func fail(_ message: String, _ exit: ExitCode) {
        outcome = "failed"
        self.message = message
        exitCode = exit.rawValue
    }

    /// With `--wait`: the command app's status decides `handled` and the exit code.
    mutating func recordExit(_ termination: Launcher.Termination) {
        let status = termination.shellStatus
        handled = status == 0
        guard status != 0 else { return }
        exitCode = status
        message = "\(app ?? "the handler") exited with status \(status)"
    }
}

/// One `ferry open` result as the user sees it: a line, or a JSON object.
struct OpenOutcome {
    var url: String
    var result: DaemonReply.Result
    /// For `ferry open PATH`: the argument as given and the file's MIME type.
    var path: String? = nil
    var mimeType: String? = nil

    /// The exit code this outcome calls for; nil for success.
    var exitCode: Int32? {
        switch result.outcome {
        case "failed": result.exitCode ?? FerryExit.appFailed.rawValue
        case "declined": FerryExit.declined.rawValue
        default: result.exitCode ?? (result.handled == false ? FerryExit.no.rawValue : nil)
        }
    }

    var line: String {
        let app = result.app ?? "?"
        let pid = result.pid.map { " (pid \($0))" } ?? ""
        let handled = result.handled.map { $0 ? ", handled" : ", not handled" } ?? ""
        switch result.outcome {
        case "launched": return "launched \(app)\(pid)\(handled)"
        case "foreground": return "brought \(app) to the foreground\(pid)\(handled)"
        case "active": return "\(app) was already active\(pid)\(handled)"
        case "background": return "opened in \(app) in the background\(pid)\(handled)"
        case "declined": return "declined: \(result.message ?? app)"
        default: return "failed: \(result.message ?? "unknown error")"
        }
    }

    private struct Fields: Encodable {
        var url: String
        var outcome: String
        var app: String?
        /// The same as `app`, under the name every command uses.
        var bundleIdentifier: String?
        var pid: Int32?
        var handled: Bool?
        var message: String?
        var exitCode: Int32?
        var path: String?
        var mimeType: String?
    }

    func print(json: Bool, quiet: Bool) {
        if json {
            Swift.print(JSONOutput.line(Fields(url: url, outcome: result.outcome, app: result.app,
                                               bundleIdentifier: result.app, pid: result.pid,
                                               handled: result.handled, message: result.message, exitCode: exitCode,
                                               path: path, mimeType: mimeType)))
        } else if exitCode != nil && result.outcome != "declined" {
            printError("\(Colour.errorPrefix) \(result.message ?? line)")
        } else if !quiet {
            Swift.print(line)
        }
    }
}
