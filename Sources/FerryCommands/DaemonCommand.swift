import ArgumentParser
import FerryCore

#if canImport(Glibc)
import Glibc
#endif

extension Ferry {
    struct Daemon: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run ferryd, the per-user daemon, in the foreground.",
            discussion: "ferry commands start ferryd on demand, so this is only needed to watch its log or run it under a service manager."
        )

        @Flag(name: .shortAndLong, help: "Log debug detail.")
        var verbose = false

        func run() throws {
            let context = Context()
            guard let daemon = Context.daemonExecutable(context.environment) else {
                throw CommandFailure(message: "ferryd not found beside ferry or in PATH; set FERRY_DAEMON to its path", exit: FerryExit.unavailable)
            }
            let arguments = [daemon] + (verbose ? ["--verbose"] : [])
            _ = withCStrings(arguments) { execv(daemon, $0) }
            throw CommandFailure(message: "cannot run \(daemon): \(String(cString: strerror(errno)))", exit: FerryExit.unavailable)
        }
    }
}
