import ArgumentParser
import FerryCore

#if canImport(Glibc)
import Glibc
#endif

extension Ferry {
    struct Daemon: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run ferryd, the per-user daemon, in the foreground.",
            discussion: """
                ferry commands start ferryd on demand, so this is only needed to watch its log or run it under \
                a service manager. --install-service writes the systemd user units ferryd.service and \
                ferryd.socket (socket activation) to $XDG_CONFIG_HOME/systemd/user.
                """
        )

        @Flag(help: "Write the systemd user units instead of running ferryd.")
        var installService = false

        @OptionGroup var output: OutputOptions

        func validate() throws {
            if output.json && !installService { throw ValidationError("--json goes with --install-service.") }
        }

        func run() throws {
            let context = Context()
            guard let daemon = Context.daemonExecutable(context.environment) else {
                throw CommandFailure(message: "ferryd not found beside ferry or in PATH; set FERRY_DAEMON to its path", exit: FerryExit.unavailable)
            }
            if installService { return try ServiceInstaller(context: context, output: output).install(ferryd: daemon) }
            let arguments = [daemon] + (output.verbose ? ["--verbose"] : output.quiet ? ["--quiet"] : [])
            _ = withCStrings(arguments) { execv(daemon, $0) }
            throw CommandFailure(message: "cannot run \(daemon): \(String(cString: strerror(errno)))", exit: FerryExit.unavailable)
        }
    }
}
