import ArgumentParser
import FerryCore
import FoundationEssentials

extension Ferry {
    struct Ps: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show every managed app's state, pid and since when.")

        @OptionGroup var output: OutputOptions

        func run() throws {
            let context = Context()
            let result = try DaemonClient.connect(context).request(.ps)
            let apps = result.apps ?? []
            // -v: where each app's output goes, the first place to look when one misbehaves.
            let logs = FileSystem.parent(of: DaemonClient.logPath(context)) + "/logs"
            for app in apps { output.detail("\(app.bundleId) logs to \(logs)/\(app.bundleId).log") }
            output.emit(apps.map(Row.init)) {
                Self.table(apps) + ProtectionLine.text(result.protection)
            }
        }

        /// The table; a BACKGROUND TIME column only while some app has a background budget running.
        static func table(_ apps: [DaemonReply.AppStatus]) -> String {
            let timed = apps.contains { $0.backgroundRemainingMs != nil }
            let rows = apps.map { app in
                [app.bundleId, app.state, app.pid.map(String.init) ?? "-", describe(app.since)]
                    + (timed ? [app.backgroundRemainingMs.map { "\($0 / 1000).\($0 % 1000 / 100) s left" } ?? "-"] : [])
            }
            return Table.render(header: ["APP", "STATE", "PID", "SINCE"] + (timed ? ["BACKGROUND TIME"] : []), rows: rows)
        }

        /// A row of `ps --json`: the documented keys, and `bundleIdentifier` and `sinceTime` as
        /// every command names them; `backgroundTimeRemaining` (seconds) in the background.
        struct Row: Encodable {
            var bundleId: String
            var bundleIdentifier: String
            var state: String
            var pid: Int32?
            var since: Double
            var sinceTime: String
            var backgroundTimeRemaining: Double?

            init(_ app: DaemonReply.AppStatus) {
                bundleId = app.bundleId
                bundleIdentifier = app.bundleId
                state = app.state
                pid = app.pid
                since = app.since
                sinceTime = JSONOutput.time(app.since)
                backgroundTimeRemaining = app.backgroundRemainingMs.map { Double($0) / 1000 }
            }
        }

        static func describe(_ since: Double) -> String {
            let seconds = max(0, Int(Date().timeIntervalSince1970 - since))
            if seconds < 120 { return "\(seconds) s ago" }
            if seconds < 7200 { return "\(seconds / 60) min ago" }
            return "\(seconds / 3600) h ago"
        }
    }

    struct Quit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Quit a managed app: willTerminate, then it must exit; it is killed after a timeout.")

        @Argument(help: ArgumentHelp("The app to quit.", valueName: "bundle-id"), completion: Completions.bundleIdentifiers)
        var bundleIdentifier: String

        @OptionGroup var output: OutputOptions

        func run() throws {
            try AppControl.send(.quit(.init(app: bundleIdentifier)), app: bundleIdentifier, output: output)
        }
    }

    struct Kill: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Force-quit a managed app at once (SIGKILL).")

        @Argument(help: ArgumentHelp("The app to kill.", valueName: "bundle-id"), completion: Completions.bundleIdentifiers)
        var bundleIdentifier: String

        @OptionGroup var output: OutputOptions

        func run() throws {
            try AppControl.send(.kill(.init(app: bundleIdentifier)), app: bundleIdentifier, output: output)
        }
    }

    struct MemoryWarning: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "memory-warning",
            abstract: "Simulate memory pressure: suspended apps are terminated, the others get didReceiveMemoryWarning.")

        @OptionGroup var output: OutputOptions

        struct Result: Encodable {
            var message: String
        }

        func run() throws {
            let result = try DaemonClient.connect(Context()).request(.memoryWarning)
            output.emit(Result(message: result.message ?? "sent")) { result.message ?? "sent" }
        }
    }
}

/// `quit` and `kill`: one request, one line.
enum AppControl {
    struct Result: Encodable {
        var app: String
        var bundleIdentifier: String
        var outcome: String
    }

    static func send(_ request: ClientRequest, app: String, output: OutputOptions) throws {
        let result = try DaemonClient.connect(Context(), start: false).request(request)
        guard result.outcome != .failed else {
            throw CommandFailure(message: result.message ?? "\(request.type) failed", exit: result.exit(or: FerryExit.no))
        }
        output.emit(Result(app: app, bundleIdentifier: app, outcome: result.outcome.rawValue)) { "\(result.outcome) \(app)" }
    }
}
