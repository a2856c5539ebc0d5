import ArgumentParser
import FerryCore

extension WireFrame {
    /// A `result` frame for `ferry open`'s own outcomes (the daemon-less path, command apps).
    static func result(outcome: String) -> WireFrame {
        var frame = WireFrame(type: "result")
        frame.outcome = outcome
        return frame
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
    var frame: WireFrame
    /// For `ferry open PATH`: the argument as given and the file's MIME type.
    var path: String? = nil
    var mimeType: String? = nil

    /// The exit code this outcome calls for; nil for success.
    var exitCode: Int32? {
        switch frame.outcome {
        case "failed": frame.exitCode ?? FerryExit.appFailed.rawValue
        case "declined": FerryExit.declined.rawValue
        default: frame.exitCode ?? (frame.handled == false ? FerryExit.no.rawValue : nil)
        }
    }

    var line: String {
        let app = frame.app ?? "?"
        let pid = frame.pid.map { " (pid \($0))" } ?? ""
        let handled = frame.handled.map { $0 ? ", handled" : ", not handled" } ?? ""
        switch frame.outcome {
        case "launched": return "launched \(app)\(pid)\(handled)"
        case "foreground": return "brought \(app) to the foreground\(pid)\(handled)"
        case "active": return "\(app) was already active\(pid)\(handled)"
        case "background": return "opened in \(app) in the background\(pid)\(handled)"
        case "declined": return "declined: \(frame.message ?? app)"
        default: return "failed: \(frame.message ?? "unknown error")"
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
            Swift.print(JSONOutput.line(Fields(url: url, outcome: frame.outcome ?? "failed", app: frame.app,
                                               bundleIdentifier: frame.app, pid: frame.pid,
                                               handled: frame.handled, message: frame.message, exitCode: exitCode,
                                               path: path, mimeType: mimeType)))
        } else if exitCode != nil && frame.outcome != "declined" {
            printError("\(Colour.errorPrefix) \(frame.message ?? line)")
        } else if !quiet {
            Swift.print(line)
        }
    }
}
