import ArgumentParser
import FerryCore
import FoundationEssentials

extension Ferry {
    struct Inbox: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List received files (all Inboxes, or one app's), or the offers waiting: `ferry inbox pending`.")

        @Argument(help: ArgumentHelp("An app's bundle id, or `pending`.", valueName: "app"))
        var app: String?

        @Flag(help: "Print JSON.")
        var json = false

        func run() throws {
            if app == "pending" { return try pending() }
            let context = Context()
            let received = Self.present(InboxRecord.read(InboxRecord.log(dataHome: context.paths.dataHome)))
                .filter { entry in app == nil || entry.app == app }
            if json {
                print(JSONOutput.document(received))
                return
            }
            let rows = received.map {
                [$0.app, String($0.path.split(separator: "/").last ?? ""), $0.sender, SendProgress.size(Int($0.size)),
                 Ferry.Ps.describe($0.time), String($0.sha256.prefix(16))]
            }
            print(Table.render(header: ["APP", "FILE", "FROM", "SIZE", "RECEIVED", "SHA-256"], rows: rows), terminator: "")
        }

        /// The records of files in the Inboxes now, oldest first: a path recorded again (the app
        /// deleted the file, and another of that name arrived later) shows its latest arrival only.
        static func present(_ records: [InboxRecord]) -> [InboxRecord] {
            var seen = Set<String>()
            let latest = records.reversed().filter { seen.insert($0.path).inserted }
            return latest.reversed().filter { FileSystem.exists($0.path) }
        }

        func pending() throws {
            let result = try TransferRequest.send(WireFrame(type: "pending"))
            let rows = (result.offers ?? []).map { [$0.id, $0.sender, String($0.files), String($0.bytes), $0.fingerprint, $0.url ?? ""] }
            print(PendingOffers.render(rows), terminator: "")
        }
    }

    struct Accept: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Accept an offer waiting in `ferry inbox pending`.")

        @Argument(help: ArgumentHelp("The offer's id.", valueName: "id"))
        var offer: String

        func run() throws { try OfferAnswer.send("accept", offer) }
    }

    struct Decline: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Decline an offer waiting in `ferry inbox pending`.")

        @Argument(help: ArgumentHelp("The offer's id.", valueName: "id"))
        var offer: String

        func run() throws { try OfferAnswer.send("decline", offer) }
    }
}

/// `ferry inbox pending`'s table. The sender's name and the URL are a stranger's text: what could
/// move the cursor, retitle the terminal or reverse the text around it is removed.
enum PendingOffers {
    /// The longest URL shown, in characters; a longer one ends in `…`.
    static let urlLength = 200

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

    /// `text` without control characters (C0, DEL, C1: escape sequences lose their escape) and
    /// without bidirectional controls or line separators.
    static func printable(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isHidden(scalar) { kept.append(scalar) }
        return String(kept)
    }

    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029, 0xFEFF: return true
        default: return false
        }
    }
}

enum OfferAnswer {
    static func send(_ type: String, _ offer: String) throws {
        var frame = WireFrame(type: type)
        frame.offer = offer
        let result = try TransferRequest.send(frame)
        print("\(result.outcome ?? type) \(offer)")
    }
}
