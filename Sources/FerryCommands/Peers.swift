import ArgumentParser
import FerryCore
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

extension Ferry {
    struct Peers: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the Ferry devices on the LAN (mDNS through Avahi) and in a wide-area DNS domain.",
            subcommands: [List.self, Add.self, Remove.self, Domain.self],
            defaultSubcommand: List.self)

        struct List: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "List the live peer table (the default).",
                discussion: "Exits 69 when avahi-daemon is not running (manual peers are still listed).")

            @Flag(help: "Keep running and print each addition, change and removal.")
            var watch = false

            @OptionGroup var output: OutputOptions

            private var json: Bool { output.json }

            func run() throws {
                let client = try DaemonClient.connect(Context())
                let result = try client.request(.peers(.init(wait: watch ? true : nil)))
                let status = result.outcome
                printTable(result, status: status)
                if watch { try follow(client) }
                if status == .avahiNotRunning || status == .failed { throw FerryExit.discoveryUnavailable }
            }

            private func printTable(_ result: DaemonReply.Result, status: DaemonReply.Outcome) {
                let peers = result.peers ?? []
                if json {
                    let document = PeersDocument(status: status.rawValue, message: result.message ?? "", peers: peers.map(PeerJSON.init))
                    print(watch ? JSONOutput.line(document) : JSONOutput.document(document))
                    return
                }
                if status != .running { printError("\(Colour.errorPrefix) \(result.message ?? status.rawValue)") }
                // ferryd's line ends with how wide-area publishing went; a refusal is worth a warning.
                if status == .running, let message = result.message, let range = message.firstRange(of: "; wide-area: cannot ") {
                    printError("ferry: warning: \(message[message.index(range.lowerBound, offsetBy: 2)...])")
                }
                output.detail(result.message ?? status.rawValue)
                guard !output.quiet else { return }
                guard !peers.isEmpty else {
                    if status == .running { print("No peers yet. \(result.message ?? "")") }
                    return
                }
                print(Table.render(header: ["NAME", "HOST", "ADDRESS", "PORT", "VIA", "DEVICE", "MODE", "STATUS", "LAST SEEN"],
                                   rows: peers.map(Self.row)), terminator: "")
            }

            private func follow(_ client: DaemonClient) throws {
                while true {
                    guard case .peer(let change) = try client.receive(), let peer = change.peers.first else { continue }
                    let event = change.event
                    if output.quiet {
                        continue
                    } else if json {
                        print(JSONOutput.line(PeerEventLine(event: event.rawValue, reason: change.message, peer: PeerJSON(peer))))
                    } else {
                        let mark = event == .added ? "+" : event == .removed ? "-" : "~"
                        let reason = change.message.map { " (\($0))" } ?? ""
                        print("\(mark) \(Self.row(peer).joined(separator: "  "))\(reason)")
                    }
                    fflush(nil)
                }
            }

            static func row(_ peer: DaemonReply.PeerRow) -> [String] {
                let status = switch (peer.source, peer.reachable) {
                case (_, true?): "live"
                case ("manual", false?): "unreachable"
                case (_, false?): "not answering"
                default: "announced"
                }
                let peer = Peers.printable(peer)
                return [peer.name, peer.host, peer.addresses.first ?? "-", String(peer.port), Peers.via(peer.source),
                        peer.deviceId.map { String($0.prefix(8)) } ?? "-", peer.mode ?? "-",
                        peer.source == "manual" ? "manual, \(status)" : status, Ps.describe(peer.lastSeen)]
            }
        }

        /// How a peer was found: mdns (Avahi on this link), dns (a wide-area domain), manual, or
        /// the source as ferryd names it (a LocalSend device's).
        static func via(_ source: String) -> String {
            source == "multicast" ? "mdns" : source
        }

        struct Add: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Add a peer by address, for links where multicast does not pass.")

            @Argument(help: ArgumentHelp("The peer's address and Ferry port.", valueName: "host:port"))
            var address: String

            @OptionGroup var output: OutputOptions

            func run() throws {
                try Peers.change(.peerAdd(.init(address: address)), address, output, done: "added", unchanged: "already listed")
            }
        }

        struct Remove: ParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Remove a manual peer.")

            @Argument(help: ArgumentHelp("The address given to `ferry peers add`.", valueName: "host:port"), completion: Completions.peers)
            var address: String

            @OptionGroup var output: OutputOptions

            func run() throws {
                try Peers.change(.peerRemove(.init(address: address)), address, output, done: "removed", unchanged: "was not listed")
            }
        }

        /// `peer` with every text a device chose (``PeerText/printable(_:)``): names, addresses,
        /// the TXT record's values, a LocalSend device's model.
        static func printable(_ peer: DaemonReply.PeerRow) -> DaemonReply.PeerRow {
            var peer = peer
            peer.name = PeerText.printable(peer.name)
            peer.host = PeerText.printable(peer.host)
            peer.addresses = peer.addresses.map(PeerText.printable)
            peer.deviceId = peer.deviceId.map(PeerText.printable)
            peer.fingerprint = peer.fingerprint.map(PeerText.printable)
            peer.mode = peer.mode.map(PeerText.printable)
            peer.model = peer.model.map(PeerText.printable)
            peer.deviceType = peer.deviceType.map(PeerText.printable)
            return peer
        }

        static func change(_ request: ClientRequest, _ address: String, _ output: OutputOptions, done: String, unchanged: String) throws {
            let result = try DaemonClient.connect(Context()).request(request)
            let stored = result.address ?? address
            switch result.outcome {
            case .ok, .unchanged:
                let changed = result.outcome == .ok
                output.emit(ManualPeerChange(address: stored, changed: changed)) { "\(stored): \(changed ? done : unchanged)" }
            default: throw CommandFailure(message: result.message ?? "ferryd refused \(address)", exit: FerryExit.usage)
            }
        }
    }
}

private struct PeersDocument: Encodable {
    var status: String
    var message: String
    var peers: [PeerJSON]
}

private struct ManualPeerChange: Encodable {
    var address: String
    var changed: Bool
}

private struct PeerEventLine: Encodable {
    var event: String
    var reason: String?
    var peer: PeerJSON
}

/// A peer in `--json`: the row's keys, and `lastSeenTime` (RFC 3339) beside `lastSeen` (epoch seconds).
struct PeerJSON: Encodable {
    let row: DaemonReply.PeerRow

    init(_ row: DaemonReply.PeerRow) { self.row = Ferry.Peers.printable(row) }

    private enum Key: String, CodingKey { case lastSeenTime }

    func encode(to encoder: any Encoder) throws {
        try row.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(JSONOutput.time(row.lastSeen), forKey: .lastSeenTime)
    }
}
