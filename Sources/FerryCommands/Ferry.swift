import ArgumentParser
import FerryCore

#if canImport(Glibc)
import Glibc
#endif

/// The `ferry` command: dispatches URLs to the apps that declare them.
public struct Ferry: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "ferry",
        abstract: "Open URLs with the apps that declare them, iOS-style.",
        discussion: """
            Apps declare the URL schemes they open in Info.plist-style manifests. Exit codes: \
            0 done, 1 no (can-open, doctor; nothing by that name: an app not running, a send id, trusted peer, \
            offer or pair request), 64 usage, 65 invalid URL, 66 no such file, 67 unknown app, \
            69 no handler for the scheme, 71 handler failed to start, 73 cannot write (here, or the receiver lacks space), 74 a send or pairing failed, \
            75 the app failed, 76 ferryd unreachable, 77 declined, 78 bad manifest, or a damaged config file a command \
            must rewrite, 130 interrupted (Ctrl-C, SIGTERM) or cancelled (ferry send --cancel).
            """,
        version: versionLine,
        subcommands: [
            Open.self, CanOpen.self, Apps.self, Schemes.self, Default.self,
            Install.self, Uninstall.self, Doctor.self, Ps.self, Quit.self, Kill.self, MemoryWarning.self,
            Daemon.self, Peers.self,
            Integrate.self,
            Send.self, Share.self, Receiving.self, Trust.self, Inbox.self, Accept.self, Decline.self, Pair.self,
            State.self, Notifications.self, Defaults.self,
            Protection.self, Unlock.self, Lock.self,
        ]
    )

    public init() {}

    /// `ferry 0.1.0`: the format `ferryd --version` prints too.
    static let versionLine = "ferry \(FerryVersion.string)"
}

extension Ferry {
    /// Parses `arguments`, runs the command and exits with its code; a ``CommandFailure`` becomes
    /// one `ferry: …` line on stderr.
    public static func runMain(_ arguments: [String]? = nil) -> Never {
        let arguments = RootArguments.normalized(arguments ?? Array(CommandLine.arguments.dropFirst()))
        do {
            if arguments != ["--version"], let problem = AppsPathCheck.problem(getenv("FERRY_APPS_PATH").map { String(cString: $0) }) {
                throw CommandFailure(message: problem, exit: FerryExit.badConfiguration)
            }
            if FastPath.enabled, let command = FastPath(arguments) {
                try command.run()
                exit(code: .success)
            }
            var command = try parseAsRoot(arguments)
            try command.run()
            exit(code: .success)
        } catch let failure as CommandFailure {
            printError("\(Colour.errorPrefix) \(failure.message)")
            exit(code: failure.exit)
        } catch let code as ExitCode {
            exit(code: code)
        } catch {
            reportParserError(error, arguments)
        }
    }
}

extension Ferry {
    /// Exits with `code`, flushing stdout. What the parser's `exit(withError:)` prints for a bare
    /// exit code (nothing), without the usage text it builds first by reflection.
    static func exit(code: ExitCode) -> Never {
        Glibc.exit(code.rawValue)
    }

    /// Help, --version and bare exit codes as the parser prints them; a usage mistake as a
    /// `ferry:` line (red on a terminal), with a suggestion for a mistyped command.
    static func reportParserError(_ error: any Error, _ arguments: [String]) -> Never {
        let code = exitCode(for: error)
        let message = fullMessage(for: error)
        guard code != .success, !message.isEmpty else { exit(withError: error) }
        if let suggestion = RootArguments.suggestion(arguments) {
            printError("\(Colour.errorPrefix) \(suggestion)")
        } else {
            printError(RootArguments.ferryLines(message, prefix: Colour.errorPrefix))
        }
        exit(withError: code)
    }
}
