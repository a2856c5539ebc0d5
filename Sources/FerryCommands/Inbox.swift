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
            let received = InboxRecord.read(InboxRecord.log(dataHome: context.paths.dataHome))
                .filter { entry in app == nil || entry.app == app }
                .filter { FileSystem.exists($0.path) }
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

        func pending() throws {
            let result = try TransferRequest.send(WireFrame(type: "pending"))
            let rows = TransferRequest.rows(result).filter { $0.count == 5 }.map {
                [$0[0], $0[1], $0[2], SendProgress.size(Int($0[3]) ?? 0), String($0[4].prefix(16))]
            }
            print(Table.render(header: ["ID", "FROM", "FILES", "SIZE", "FINGERPRINT"], rows: rows), terminator: "")
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

enum OfferAnswer {
    static func send(_ type: String, _ offer: String) throws {
        var frame = WireFrame(type: type)
        frame.offer = offer
        let result = try TransferRequest.send(frame)
        print("\(result.outcome ?? type) \(offer)")
    }
}
