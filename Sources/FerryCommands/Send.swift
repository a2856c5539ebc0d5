import ArgumentParser
import FerryCore
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

extension Ferry {
    struct Send: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Send files or a URL to another device's Inbox, over mutual TLS.",
            discussion: """
                ferryd does the network work and reports progress. --to takes HOST:PORT (the \
                receiver's certificate fingerprint from --fingerprint or from `ferry trust`, \
                matched by the name HOST:PORT or HOST) or a peer name seen by discovery. Without \
                --to, on a terminal, it lists the peers ferryd sees and asks which one. Exit codes: \
                0 delivered, 77 declined, refused or expired, 74 failed (including a certificate that does \
                not match), 76 ferryd unreachable, 66 a file missing or unreadable and 64 a malformed --fingerprint (both \
                checked before anything is sent), 73 the receiver lacks the space, 69 or 75 the receiver could not open \
                --url (no app there handles it, or the app failed; the files still arrived), 1 --cancel of no running \
                send, 130 interrupted (Ctrl-C or SIGTERM: the transfer \
                is cancelled, nothing is delivered, and the receiver keeps what it has for a resume). \
                --text sends a few words as text.txt; `-` sends stdin as stdin.txt.
                """)

        @Argument(help: ArgumentHelp("Files or folders to send; `-` for stdin.", valueName: "file"), completion: .file())
        var files: [String] = []

        @Option(help: ArgumentHelp("The receiver: HOST:PORT or a peer name; without it, pick one on a terminal.", valueName: "peer"), completion: Completions.peers)
        var to: String?

        @Option(help: ArgumentHelp("The receiver's certificate fingerprint (64 hex digits).", valueName: "hex"))
        var fingerprint: String?

        @Option(help: "A URL for the receiver to open.")
        var url: String?

        @Option(help: ArgumentHelp("The app the files are for, if the receiver has it.", valueName: "bundle-id"), completion: Completions.bundleIdentifiers)
        var app: String?

        @Option(help: ArgumentHelp("The PIN a LocalSend receiver asks for.", valueName: "pin"))
        var pin: String?

        @Option(help: ArgumentHelp("Text to send, as a file named text.txt.", valueName: "text"))
        var text: String?

        @Option(help: ArgumentHelp("Stop the running send with this id (each send prints its id).", valueName: "id"))
        var cancel: String?

        /// `--json` prints one JSON object per event.
        @OptionGroup var output: OutputOptions

        var json: Bool { output.json }

        func validate() throws {
            if cancel != nil {
                guard files.isEmpty && url == nil && text == nil && to == nil else { throw ValidationError("--cancel ID goes alone") }
                return
            }
            if files.isEmpty && url == nil && text == nil { throw ValidationError("name at least one file, or --url, or --text") }
            if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("name - (stdin) once") }
            if files.contains("-") && to == nil { throw ValidationError("with - (stdin), name the receiver with --to") }
            if let fingerprint, !SendPreflight.isFingerprint(fingerprint) {
                throw ValidationError("--fingerprint \(fingerprint.debugDescription) is not 64 hex digits (the receiver's `ferry trust self` prints it)")
            }
        }

        func run() throws {
            if let cancel { return try Self.cancel(cancel, output: output) }
            guard to != nil || (isatty(0) == 1 && isatty(1) == 1) else {
                throw CommandFailure(message: ShareSheet.noTerminal, exit: FerryExit.usage)
            }
            try SendPreflight.checkReadable(files.filter { $0 != "-" })
            let context = Context()
            let client = try DaemonClient.connect(context)
            let outgoing = try self.outgoing(context)
            defer { outgoing?.remove() }
            var send = try request(outgoing: outgoing)
            if to == nil { send.peer = try ShareSheet.pick(client).name }
            let interrupt = SendInterrupt(json: json, outgoing: outgoing)
            interrupt.update { $0.peer = send.peer ?? to ?? $0.peer }
            let id = try client.send(.send(send))
            let name = send.offer ?? ""
            output.detail("asked ferryd to send \(send.files?.count ?? 0) file(s)\(send.url.map { " and \($0)" } ?? "") to \(send.peer ?? to ?? "?") as \(name)")
            var started = false
            var progress = SendProgress(json: json, terminal: SendProgress.capableTerminal(context.environment), quiet: output.quiet)
            let peer = send.peer ?? to ?? "the receiver"
            while true {
                switch try Self.receive(client, id, sendingTo: peer) {
                case .progress(let step):
                    // The id is worth printing once ferryd has begun: a send refused at once has nothing to cancel.
                    if !started { started = true; announce(name) }
                    progress.show(step)
                    interrupt.update { progress.tally(&$0) }
                case .result(let result):
                    progress.finish()
                    return try progress.report(result)
                default: continue
                }
            }
        }

        /// `sending as ID`, or the `started` event: what `--cancel` needs.
        func announce(_ name: String) {
            if json {
                print(SendProgress.Event(event: "started", id: name).line)
            } else {
                output.say("sending as \(name) (ferry send --cancel \(name) stops it)")
            }
        }

        /// The file `--text` or `-` sends.
        func outgoing(_ context: Context) throws -> OutgoingText? {
            if let text { return try OutgoingText.text(text, dataHome: context.paths.dataHome) }
            if files.contains("-") { return try OutgoingText.standardInput(dataHome: context.paths.dataHome) }
            return nil
        }

        func request(outgoing: OutgoingText? = nil) throws -> ClientRequest.Send {
            var send = ClientRequest.Send(files: files.filter { $0 != "-" }.map(Self.absolute) + (outgoing.map { [$0.path] } ?? []),
                                          url: url, fingerprint: fingerprint.map(SendPreflight.fingerprint), app: app, offer: Self.newID())
            send.pin = pin
            if let to { send.setReceiver(to) }
            return send
        }

        /// A send's id, for `--cancel`: 12 hex digits, random.
        static func newID() -> String {
            let digits = String(UInt64.random(in: 0...UInt64.max), radix: 16)
            return String((String(repeating: "0", count: 16) + digits).suffix(12))
        }

        struct Cancelled: Encodable {
            var id: String
            var outcome: String
        }

        /// `--cancel ID`: ferryd stops that send; its `ferry send` exits 130.
        static func cancel(_ id: String, output: OutputOptions) throws {
            let result = try TransferRequest.send(.cancel(.init(offer: id)))
            output.emit(Cancelled(id: id, outcome: result.outcome.rawValue)) { "cancelled \(id)" }
        }

        static func absolute(_ path: String) -> String {
            if path.hasPrefix("/") { return path }
            var buffer = [CChar](repeating: 0, count: 4096)
            guard getcwd(&buffer, buffer.count) != nil else { return path }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/" + path
        }
    }
}
