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

        @Option(help: ArgumentHelp("The PIN the other device must give.", valueName: "pin"))
        var pin: String?

        /// `--json` prints one JSON object per event; `-q` only what must be opened (the URLs).
        @OptionGroup var output: OutputOptions

        func validate() throws {
            if files.isEmpty { throw ValidationError("name at least one file or folder to share") }
            if !web { throw ValidationError("say --web: a web share is the only kind `ferry share` makes") }
        }

        func run() throws {
            let client = try DaemonClient.connect(Context())
            var frame = WireFrame(type: "web-share")
            frame.files = files.map(Send.absolute)
            frame.pin = pin
            let id = try client.send(frame)
            while true {
                let frame = try client.receive()
                guard frame.id == id else { continue }
                if output.json {
                    print(JSONOutput.line(ShareEvent(event: frame.event ?? frame.outcome ?? "", message: frame.message, urls: frame.items)))
                } else if output.quiet, frame.event == "shared" {
                    // Quiet still prints the address: without it the share is useless.
                    for url in frame.items ?? [] { print(url) }
                } else if let message = frame.message {
                    output.say(message)
                }
                fflush(nil)
                guard frame.type == "progress" else {
                    guard frame.outcome == "stopped" else {
                        throw CommandFailure(message: frame.message ?? "the share failed", exit: ExitCode(frame.exitCode ?? 74))
                    }
                    return
                }
            }
        }
    }
}

private struct ShareEvent: Encodable {
    var event: String
    var message: String?
    var urls: [String]?
}
