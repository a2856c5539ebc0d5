import ArgumentParser
import FerryCore

#if canImport(Glibc)
import Glibc
#endif

extension Ferry {
    struct Daemon: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run ferryd, the per-user daemon, in the foreground; or say whether it runs, stop or restart it.",
            discussion: """
                ferry commands start ferryd on demand, so running it is only needed to watch its log or run it under \
                a service manager. --install-service writes the systemd user units ferryd.service and \
                ferryd.socket (socket activation) to $XDG_CONFIG_HOME/systemd/user. `status` prints whether ferryd \
                runs, its pid, version, socket and uptime (exit 1 when it does not run); `stop` ends it gracefully \
                (its apps are told to terminate) and waits until it has gone; `restart` stops it and starts the \
                ferryd found now (after an upgrade, the new one). A send it was making stops, and the receiver \
                keeps what arrived: the same `ferry send` again resumes it.
                """
        )

        /// What to do with ferryd; without one, run it here.
        enum Action: String, ExpressibleByArgument, CaseIterable {
            case status, stop, restart
        }

        @Argument(help: ArgumentHelp("status, stop or restart; without one, run ferryd in the foreground.", valueName: "action"))
        var action: Action?

        @Flag(help: "Write the systemd user units instead of running ferryd.")
        var installService = false

        @OptionGroup var output: OutputOptions

        func validate() throws {
            if output.json && !installService && action == nil { throw ValidationError("--json goes with --install-service or an action.") }
            if installService && action != nil { throw ValidationError("--install-service goes alone.") }
        }

        func run() throws {
            let context = Context()
            if let action { return try control(action, DaemonControl(context: context)) }
            guard let daemon = Context.daemonExecutable(context.environment) else {
                throw CommandFailure(message: "ferryd not found beside ferry or in PATH; set FERRY_DAEMON to its path", exit: FerryExit.unavailable)
            }
            if installService { return try ServiceInstaller(context: context, output: output).install(ferryd: daemon) }
            let arguments = [daemon] + (output.verbose ? ["--verbose"] : output.quiet ? ["--quiet"] : [])
            _ = withCStrings(arguments) { execv(daemon, $0) }
            throw CommandFailure(message: "cannot run \(daemon): \(String(cString: strerror(errno)))", exit: FerryExit.unavailable)
        }

        func control(_ action: Action, _ control: DaemonControl) throws {
            switch action {
            case .status:
                let status = control.status()
                output.emit(status) { DaemonControl.describe(status) }
                if !status.running { throw FerryExit.no }
            case .stop:
                let stopped = try control.stop()
                output.detail(stopped.map { "sent SIGTERM to ferryd (pid \($0.pid ?? 0))" } ?? "no ferryd to stop")
                output.emit(DaemonControl.Status(running: false, socket: control.socketPath)) {
                    stopped == nil ? "ferryd was not running" : "stopped ferryd"
                }
            case .restart:
                _ = try control.stop()
                _ = try DaemonClient.connect(control.context)
                let status = control.status()
                output.emit(status) { DaemonControl.describe(status, verb: "restarted") }
            }
        }
    }
}
