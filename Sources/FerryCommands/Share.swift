import ArgumentParser
import FerryCore
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

extension Ferry {
    struct Share: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Share files for download by a phone's browser or a LocalSend app (LocalSend's web share).",
            discussion: """
                ferryd serves the files on its LocalSend HTTPS port (docs/localsend.md) until this \
                command ends (Ctrl-C). It prints the address to open on the other device; the \
                browser warns about the self-signed certificate. --pin makes the other device ask \
                for a PIN first. Exit codes: 0 stopped, 74 failed, 76 ferryd unreachable.
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
            let id = try client.send(.webShare(.init(id: 0, files: files.map(Send.absolute), pin: pin)))
            while true {
                switch try client.receive() {
                case .progress(let step) where step.id == id:
                    show(event: step.event.rawValue, message: step.message, urls: step.items)
                case .result(let result) where result.id == id:
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
