import ArgumentParser
import FerryCore

extension OpenOutcome {
    /// `ferry open`'s own outcome for `target` (the daemon-less path, a target that failed early),
    /// failed until the caller says otherwise.
    init(failed target: OpenTarget) {
        self.init(url: target.url, result: DaemonReply.Result(outcome: .failed), path: target.path, mimeType: target.mimeType)
    }

    mutating func fail(_ message: String, _ exit: ExitCode) {
        result.outcome = .failed
        result.message = message
        self.exit = exit.rawValue
    }

    /// With `--wait`: the command app's status decides `handled` and the exit code.
    mutating func recordExit(_ termination: Launcher.Termination) {
        let status = termination.shellStatus
        result.handled = status == 0
        guard status != 0 else { return }
        exit = status
        result.message = "\(result.app ?? "the handler") exited with status \(status)"
    }
}

/// One `ferry open` result as the user sees it: a line, or a JSON object.
struct OpenOutcome {
    var url: String
    var result: DaemonReply.Result
    /// For `ferry open PATH`: the argument as given and the file's MIME type.
    var path: String? = nil
    var mimeType: String? = nil
    /// The exit code `ferry` chose itself: a local launch that failed, a command app's status.
    var exit: Int32? = nil

    /// The exit code this outcome calls for; nil for success.
    var exitCode: Int32? {
        if let exit { return exit }
        switch result.outcome {
        case .failed: return result.exit(or: FerryExit.appFailed).rawValue
        case .declined: return FerryExit.declined.rawValue
        default: return result.handled == false ? FerryExit.no.rawValue : nil
        }
    }

    var line: String {
        let app = result.app ?? "?"
        let pid = result.pid.map { " (pid \($0))" } ?? ""
        let handled = result.handled.map { $0 ? ", handled" : ", not handled" } ?? ""
        switch result.outcome {
        case .launched: return "launched \(app)\(pid)\(handled)"
        case .foreground: return "brought \(app) to the foreground\(pid)\(handled)"
        case .active: return "\(app) was already active\(pid)\(handled)"
        case .background: return "opened in \(app) in the background\(pid)\(handled)"
        case .declined: return "declined: \(result.message ?? app)"
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
            Swift.print(JSONOutput.line(Fields(url: url, outcome: result.outcome.rawValue, app: result.app,
                                               bundleIdentifier: result.app, pid: result.pid,
                                               handled: result.handled, message: result.message, exitCode: exitCode,
                                               path: path, mimeType: mimeType)))
        } else if exitCode != nil && result.outcome != .declined {
            printError("\(Colour.errorPrefix) \(result.message ?? line)")
        } else if !quiet {
            Swift.print(line)
        }
    }
}
