import ArgumentParser
import FerryCore
import FoundationEssentials

extension Ferry {
    struct Inbox: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List received files (all Inboxes, or one app's), or the offers waiting: `ferry inbox pending`.")

        @Argument(help: ArgumentHelp("An app's bundle id, or `pending`.", valueName: "app"), completion: Completions.inboxApps)
        var app: String?

        @OptionGroup var output: OutputOptions

        /// A received file in `--json`: the record's keys, and `bundleIdentifier` and `receivedTime`.
        struct Row: Encodable {
            var path: String
            var app: String
            var bundleIdentifier: String
            var sender: String
            var fingerprint: String
            var size: UInt64
            var sha256: String
            var time: Double
            var receivedTime: String

            init(_ record: InboxRecord) {
                path = record.path
                app = record.app
                bundleIdentifier = record.app
                sender = record.sender
                fingerprint = record.fingerprint
                size = record.size
                sha256 = record.sha256
                time = record.time
                receivedTime = JSONOutput.time(record.time)
            }
        }

        func run() throws {
            if app == "pending" { return try pending() }
            let context = Context()
            let all = Self.present(InboxRecord.read(InboxRecord.log(dataHome: context.paths.dataHome)))
            if let app { try Self.checkKnown(app, received: all, context) }
            let received = all.filter { entry in app == nil || entry.app == app }
            output.emit(received.map(Row.init)) {
                let rows = received.map {
                    [$0.app, String($0.path.split(separator: "/").last ?? ""), $0.sender, SendProgress.size(Int($0.size)),
                     Ferry.Ps.describe($0.time), String($0.sha256.prefix(16))]
                }
                return Table.render(header: ["APP", "FILE", "FROM", "SIZE", "RECEIVED", "SHA-256"], rows: rows)
            }
        }

        /// An app that is neither installed nor has files in an Inbox is a mistake (a typo of
        /// `pending`, say), not an empty table.
        /// - Throws: A ``CommandFailure`` (exit 67) with the closest name, if one is close.
        static func checkKnown(_ app: String, received: [InboxRecord], _ context: Context) throws {
            let registry = context.registry()
            guard registry.app(app) == nil, !received.contains(where: { $0.app == app }) else { return }
            let names = ["pending"] + registry.apps.map(\.bundleIdentifier) + received.map(\.app)
            let close = names.map { ($0, RootArguments.distance(app, $0)) }.filter { $0.1 <= max(2, app.count / 4) }
            let hint = close.min { $0.1 < $1.1 }.map { "did you mean `ferry inbox \($0.0)`? " } ?? ""
            throw CommandFailure(message: "no app \(app) is installed and nothing arrived for it; \(hint)ferry apps lists the apps",
                                 exit: FerryExit.unknownApp)
        }

        /// The records of files in the Inboxes now, oldest first: a path recorded again (the app
        /// deleted the file, and another of that name arrived later) shows its latest arrival only.
        static func present(_ records: [InboxRecord]) -> [InboxRecord] {
            var seen = Set<String>()
            let latest = records.reversed().filter { seen.insert($0.path).inserted }
            return latest.reversed().filter { FileSystem.exists($0.path) }
        }

        func pending() throws {
            let result = try TransferRequest.send(.pending)
            let rows = (result.offers ?? []).map { [$0.id, $0.sender, String($0.files), String($0.bytes), $0.fingerprint, $0.url ?? ""] }
            output.emit(rows.map(PendingOffers.Offer.init)) { PendingOffers.render(rows) }
        }
    }

    struct Accept: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Accept an offer waiting in `ferry inbox pending`.")

        @Argument(help: ArgumentHelp("The offer's id.", valueName: "id"), completion: Completions.pendingOffers)
        var offer: String

        @OptionGroup var output: OutputOptions

        func run() throws { try OfferAnswer.send(.accept(.init(offer: offer)), offer, output: output) }
    }

    struct Decline: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Decline an offer waiting in `ferry inbox pending`.")

        @Argument(help: ArgumentHelp("The offer's id.", valueName: "id"), completion: Completions.pendingOffers)
        var offer: String

        @OptionGroup var output: OutputOptions

        func run() throws { try OfferAnswer.send(.decline(.init(offer: offer)), offer, output: output) }
    }
}

/// `ferry inbox pending`'s table. The sender's name and the URL are a stranger's text: what could
/// move the cursor, retitle the terminal or reverse the text around it is removed.
enum PendingOffers {
    /// The longest URL shown, in characters; a longer one ends in `…`.
    static let urlLength = 200

    /// An offer in `inbox pending --json` (a stranger's text, so control characters are removed).
    struct Offer: Encodable {
        var id: String
        var sender: String
        var files: Int
        var bytes: UInt64
        var fingerprint: String
        var url: String?

        init(_ item: [String]) {
            id = printable(item[0])
            sender = printable(item[1])
            files = Int(item[2]) ?? 0
            bytes = UInt64(item[3]) ?? 0
            fingerprint = printable(item[4])
            url = item.count > 5 && !item[5].isEmpty ? printable(item[5]) : nil
        }
    }

    /// The table of the daemon's pending items (id, sender, files, bytes, fingerprint, URL).
    static func render(_ items: [[String]]) -> String {
        let rows = items.filter { $0.count >= 5 }.map { item in
            let url = item.count > 5 ? printable(item[5]) : ""
            return [printable(item[0]), printable(item[1]), printable(item[2]),
                    SendProgress.size(Int(clamping: UInt64(item[3]) ?? 0)), String(printable(item[4]).prefix(16)),
                    url.count > urlLength ? url.prefix(urlLength - 1) + "…" : url]
        }
        return Table.render(header: ["ID", "FROM", "FILES", "SIZE", "FINGERPRINT", "URL"], rows: rows)
    }

    /// `text` as ``PeerText/printable(_:)`` leaves it: the one sanitizer of every peer's text.
    static func printable(_ text: String) -> String {
        PeerText.printable(text)
    }
}

enum OfferAnswer {
    struct Result: Encodable {
        var offer: String
        var outcome: String
    }

    static func send(_ request: ClientRequest, _ offer: String, output: OutputOptions) throws {
        let result = try TransferRequest.send(request)
        output.emit(Result(offer: offer, outcome: result.outcome.rawValue)) { "\(result.outcome) \(offer)" }
    }
}
