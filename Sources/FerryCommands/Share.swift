import ArgumentParser
import Dispatch
import FerryCore
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

extension Ferry {
    struct Share: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Share files for download by a phone's browser or a LocalSend app (LocalSend's web share).",
            discussion: """
                ferryd serves the files on its LocalSend HTTPS port (docs/localsend.md) until this \
                command ends. It prints the address to open on the other device, and the start of \
                ferryd's certificate fingerprint: the browser warns first, since ferryd signs its own \
                certificate; the page shows the same fingerprint. --pin makes the other device ask \
                for a PIN first. Ctrl-C (or SIGTERM) stops sharing: it prints `stopped sharing` and \
                exits 0, the way a share is meant to end. Exit codes: 0 stopped, 74 failed, 76 \
                ferryd unreachable.
                """)

        @Argument(help: ArgumentHelp("Files or folders to share.", valueName: "file"), completion: .file())
        var files: [String] = []

        @Flag(help: "Serve the files over LocalSend's download API and a web page (required: the only kind of share).")
        var web = false

        @Option(help: ArgumentHelp("The PIN the other device must give: at least 6 characters, or auto for a random one ferryd makes and prints.",
                                   valueName: "pin"))
        var pin: String?

        /// `--json` prints one JSON object per event; `-q` only what must be opened (the URLs).
        @OptionGroup var output: OutputOptions

        func validate() throws {
            if files.isEmpty { throw ValidationError("name at least one file or folder to share") }
            if !web { throw ValidationError("say --web: a web share is the only kind `ferry share` makes") }
        }

        func run() throws {
            let client = try DaemonClient.connect(Context())
            let stop = ShareStop(json: output.json, quiet: output.quiet)
            let id = try client.send(.webShare(.init(files: files.map(Send.absolute), pin: pin)))
            while true {
                switch try client.reply(to: id) {
                case .progress(let step):
                    if step.event == .shared { stop.armed() }
                    show(event: step.event.rawValue, message: step.message, urls: step.items)
                case .result(let result):
                    show(event: result.outcome.rawValue, message: result.message, urls: nil)
                    guard result.outcome == .stopped else {
                        throw CommandFailure(message: result.message ?? "the share failed", exit: result.exit(or: FerryExit.transferFailed))
                    }
                    return
                default: continue
                }
            }
        }

        /// One step of the share: a JSON line, the URLs alone (`-q`), or the message.
        private func show(event: String, message: String?, urls: [String]?) {
            if output.json {
                print(JSONOutput.line(ShareEvent(event: event, message: message, urls: urls)))
            } else if output.quiet, event == "shared" {
                // Quiet still prints the address: without it the share is useless; a PIN ferryd
                // made goes to stderr, so that stdout stays one URL a line.
                for url in urls ?? [] { print(url) }
                if pin == "auto", let message { printError(message) }
            } else if output.quiet, event == "pin", let message {
                // A new PIN after guessing: the owner must see it even when quiet.
                printError(message)
            } else if let message {
                output.say(message)
            }
            fflush(nil)
        }
    }
}

private struct ShareEvent: Encodable {
    var event: String
    var message: String?
    var urls: [String]?
}

/// Ctrl-C or SIGTERM during `ferry share`: the stop its user asked for, so one line and exit 0 (a
/// share has no other normal end). Leaving closes the connection to ferryd, which ends the share.
/// Before the share is open, the signal is an interruption like any other: exit 130.
final class ShareStop: Sendable {
    private let shared = Mutex(false)
    // Set once in init and never touched again; kept only so the sources stay alive.
    nonisolated(unsafe) private let sources: [any DispatchSourceSignal]
    let json: Bool
    let quiet: Bool

    init(json: Bool, quiet: Bool) {
        self.json = json
        self.quiet = quiet
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            return DispatchSource.makeSignalSource(signal: number, queue: .global())
        }
        for source in sources {
            source.setEventHandler { self.stopped() }
            source.resume()
        }
    }

    /// The share is open: a signal now is a stop.
    func armed() { shared.withLock { $0 = true } }

    static let message = "stopped sharing; the addresses no longer work"

    private func stopped() {
        guard shared.withLock({ $0 }) else {
            printError("\(Colour.errorPrefix) interrupted before the share was open")
            _exit(FerryExit.interrupted.rawValue)
        }
        if json {
            print(JSONOutput.line(ShareEvent(event: "stopped", message: Self.message, urls: nil)))
        } else if !quiet {
            // After the `^C` the terminal echoed, on a line of its own.
            print((isatty(1) == 1 ? "\n" : "") + Self.message)
        }
        fflush(nil)
        _exit(0)
    }
}
