import ArgumentParser
import FerryCore
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

extension Ferry {
    struct Pair: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Pair with another device: both show a code, and confirming on both makes each trust the other.",
            discussion: """
                ferry pair PEER                  ask PEER (a discovered name, or HOST:PORT with --fingerprint)
                ferry pair [--json]              list the requests waiting here; on a terminal, ask about each
                ferry pair --accept ID --code N  accept one, checking the code this device shows for it
                ferry pair --decline ID          decline one
                Without a terminal, the asking side needs --code N (the code the other device shows) \
                or --yes. Exit codes: 0 paired, 77 declined, expired or a wrong code (nothing is \
                trusted), 64 usage, 74 failed, 76 ferryd unreachable.
                """)

        @Argument(help: ArgumentHelp("The device to pair with: a peer name or HOST:PORT.", valueName: "peer"), completion: Completions.peers)
        var peer: String?

        @Option(help: ArgumentHelp("The peer's certificate fingerprint (64 hex digits), with HOST:PORT.", valueName: "hex"))
        var fingerprint: String?

        @Option(help: ArgumentHelp("The code the other device shows; pairing is refused if it differs.", valueName: "digits"))
        var code: String?

        @Flag(help: "Confirm without comparing codes (scripts that trust the network).")
        var yes = false

        @Flag(help: "List the pair requests waiting here (the default without PEER).")
        var incoming = false

        /// `--json` lists the requests as JSON (id, name, code, fingerprint), without asking.
        @OptionGroup var output: OutputOptions

        var json: Bool { output.json }

        @Option(help: ArgumentHelp("Accept the waiting request with this id.", valueName: "id"), completion: Completions.pairRequests)
        var accept: String?

        @Option(help: ArgumentHelp("Decline the waiting request with this id.", valueName: "id"), completion: Completions.pairRequests)
        var decline: String?

        func validate() throws {
            let modes = [peer != nil, incoming, accept != nil, decline != nil].filter { $0 }.count
            if modes > 1 { throw ValidationError("give one of PEER, --incoming, --accept ID or --decline ID") }
            if let code, !PairPrompt.isCode(code) { throw ValidationError("a code is six digits, such as 123456") }
            if accept != nil && code == nil && !yes { throw ValidationError("--accept needs --code N (the code shown for the request) or --yes") }
            if (decline != nil || incoming) && (code != nil || yes) { throw ValidationError("--code and --yes go with PEER or --accept") }
            if json && (peer != nil || accept != nil || decline != nil) { throw ValidationError("--json goes with the list of requests") }
        }

        func run() throws {
            if let peer { return try ask(peer) }
            let client = try DaemonClient.connect(Context())
            if let accept { return try answer(client, accept, code: code.map(PairPrompt.digits)) }
            if let decline { return try refuse(client, decline) }
            try listIncoming(client)
        }

        /// This side asks: show the code, get the user's verdict, tell ferryd, wait for the peer.
        func ask(_ target: String) throws {
            let interactive = isatty(0) == 1
            guard code != nil || yes || interactive else {
                throw CommandFailure(message: "without a terminal, pass --code N (the code \(target) shows) or --yes", exit: FerryExit.usage)
            }
            let client = try DaemonClient.connect(Context())
            var pair = ClientRequest.Pair(fingerprint: fingerprint?.lowercased())
            pair.setReceiver(target)
            let asked = try Self.result(client, client.send(.pair(pair)))
            let shown = asked.code ?? ""
            let name = asked.peer ?? target
            output.say("Pairing with \(name) (\(String((asked.fingerprint ?? "").prefix(16)))), request \(asked.offer ?? "?").")
            output.say("Code: \(PairPrompt.display(shown)) (it must be the code \(name) shows)")
            let answer = code == nil && !yes ? Self.question("Does \(name) show \(PairPrompt.display(shown))? [y/N] ") : nil
            let verdict = PairPrompt.verdict(shown: shown, name: name, typed: code, yes: yes, answer: answer)
            guard let offer = asked.offer else {
                throw CommandFailure(message: "ferryd: its answer to pair names no request", exit: FerryExit.unavailable)
            }
            let id = try client.send(.pairConfirm(.init(offer: offer, confirmed: verdict == .confirm)))
            if case .refuse(let why) = verdict {
                _ = try? Self.result(client, id)
                throw CommandFailure(message: why, exit: FerryExit.declined)
            }
            _ = try Self.result(client, id, waiting: "waiting for \(name) to accept…")
            output.say("paired with \(name); each device now trusts the other (ferry trust)")
        }

        /// The requests waiting here; on a terminal, a question for each.
        func listIncoming(_ client: DaemonClient) throws {
            let requests = try Self.result(client, client.send(.pairPending)).pairRequests ?? []
            let rows = requests.map { [$0.id, PeerText.printable($0.name), $0.code, PeerText.printable($0.fingerprint)] }
            if json {
                return print(JSONOutput.document(rows.map { PendingPair(id: $0[0], name: $0[1], code: $0[2], fingerprint: $0[3]) }))
            }
            guard !rows.isEmpty else { return output.say("No pair requests are waiting.") }
            guard !output.quiet else { return }
            print(Table.render(header: ["ID", "NAME", "CODE", "FINGERPRINT"],
                               rows: rows.map { [$0[0], $0[1], PairPrompt.display($0[2]), String($0[3].prefix(16))] }), terminator: "")
            guard isatty(0) == 1 && isatty(1) == 1 else { return }
            for row in rows {
                if PairPrompt.isYes(Self.question("Pair with \(row[1])? code \(PairPrompt.display(row[2])) [y/N] ")) {
                    try answer(client, row[0], code: nil)
                } else {
                    try refuse(client, row[0])
                }
            }
        }

        func answer(_ client: DaemonClient, _ request: String, code: String?) throws {
            let result = try Self.result(client, client.send(.pairAccept(.init(offer: request, code: code))), waiting: "waiting for the other device to confirm the code…")
            output.say("paired with \(PeerText.printable(result.peer ?? request)); each device now trusts the other (ferry trust)")
        }

        func refuse(_ client: DaemonClient, _ request: String) throws {
            _ = try Self.result(client, client.send(.pairDecline(.init(offer: request))))
            output.say("declined \(request)")
        }

        /// Reads replies until the result of request `id`; a failed one becomes a ``CommandFailure``.
        static func result(_ client: DaemonClient, _ id: Int, waiting: String? = nil) throws -> DaemonReply.Result {
            while true {
                switch try client.reply(to: id) {
                case .progress(let step):
                    if step.event == .waiting, let waiting { print(waiting) }
                    fflush(nil)
                case .result(let result):
                    guard result.outcome != .failed else {
                        throw CommandFailure(message: result.message ?? "pairing failed", exit: result.exit(or: FerryExit.transferFailed))
                    }
                    return result
                default: continue
                }
            }
        }

        static func question(_ text: String) -> String? {
            print(text, terminator: "")
            fflush(nil)
            return readLine()
        }
    }
}

/// A row of `ferry pair --json`.
private struct PendingPair: Encodable {
    var id: String
    var name: String
    var code: String
    var fingerprint: String
}
