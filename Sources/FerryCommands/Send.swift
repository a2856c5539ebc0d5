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
                0 delivered, 77 declined or refused, 74 failed (including a certificate that does \
                not match), 76 ferryd unreachable.
                """)

        @Argument(help: ArgumentHelp("Files or folders to send.", valueName: "file"))
        var files: [String] = []

        @Option(help: ArgumentHelp("The receiver: HOST:PORT or a peer name; without it, pick one on a terminal.", valueName: "peer"))
        var to: String?

        @Option(help: ArgumentHelp("The receiver's certificate fingerprint (64 hex digits).", valueName: "hex"))
        var fingerprint: String?

        @Option(help: "A URL for the receiver to open.")
        var url: String?

        @Option(help: ArgumentHelp("The app the files are for, if the receiver has it.", valueName: "bundle-id"))
        var app: String?

        @Option(help: ArgumentHelp("The PIN a LocalSend receiver asks for.", valueName: "pin"))
        var pin: String?

        @Flag(help: "Print one JSON object per event.")
        var json = false

        func validate() throws {
            if files.isEmpty && url == nil { throw ValidationError("name at least one file, or --url") }
        }

        func run() throws {
            guard to != nil || (isatty(0) == 1 && isatty(1) == 1) else {
                throw CommandFailure(message: ShareSheet.noTerminal, exit: FerryExit.usage)
            }
            let client = try DaemonClient.connect(Context())
            var frame = try request()
            if to == nil { frame.peer = try ShareSheet.pick(client).name }
            let id = try client.send(frame)
            var progress = SendProgress(json: json, terminal: isatty(1) == 1)
            while true {
                let frame = try client.receive()
                guard frame.id == id else { continue }
                if frame.type == "progress" {
                    progress.show(frame)
                    continue
                }
                progress.finish()
                try progress.report(frame)
                return
            }
        }

        func request() throws -> WireFrame {
            var frame = WireFrame(type: "send")
            frame.files = files.map(Self.absolute)
            frame.url = url
            frame.app = app
            frame.fingerprint = fingerprint?.lowercased()
            frame.pin = pin
            if let to { frame.setReceiver(to) }
            return frame
        }

        static func absolute(_ path: String) -> String {
            if path.hasPrefix("/") { return path }
            var buffer = [CChar](repeating: 0, count: 4096)
            guard getcwd(&buffer, buffer.count) != nil else { return path }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/" + path
        }
    }
}
