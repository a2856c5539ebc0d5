import ArgumentParser
import FerryCore

extension Ferry {
    struct Trust: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List, add and revoke trusted peers (their offers are accepted in Contacts mode).",
            discussion: """
                ferry trust                         list trusted peers
                ferry trust self                    print this device's fingerprint
                ferry trust add HEX --name NAME     trust the device with that certificate fingerprint
                ferry trust revoke NAME|HEX-PREFIX  stop trusting it
                A peer added with --ask has its offers wait for `ferry accept`.
                """)

        @Argument(help: ArgumentHelp("list, self, add or revoke.", valueName: "action"), completion: Completions.trustActions)
        var action: String = "list"

        @Argument(help: ArgumentHelp("The fingerprint (add) or name or fingerprint prefix (revoke).", valueName: "peer"), completion: Completions.trustPeers)
        var peer: String?

        @Option(help: "The name to remember the peer by (add); HOST:PORT lets `ferry send --to HOST:PORT` find its fingerprint.")
        var name: String?

        @Flag(help: "Ask before accepting this peer's offers (add).")
        var ask = false

        @OptionGroup var output: OutputOptions

        /// A trusted peer in `--json`: `offers` is `auto` or `ask`.
        struct Peer: Encodable {
            var fingerprint: String
            var name: String
            var offers: String?
        }

        struct Added: Encodable {
            var trusted: String
            var fingerprint: String
        }

        func validate() throws {
            guard ClientRequest.Trust.Action(rawValue: action) != nil else {
                throw ValidationError("unknown action \(action.debugDescription); use list, self, add or revoke")
            }
            if (action == "add" || action == "revoke") && peer == nil { throw ValidationError("\(action) needs a peer") }
            if action == "add", let peer, !SendPreflight.isFingerprint(peer) {
                throw ValidationError("\(peer.debugDescription) is not a fingerprint: 64 hex digits (the other device's `ferry trust self` prints it)")
            }
        }

        func run() throws {
            let kind = ClientRequest.Trust.Action(rawValue: action) ?? .list
            let request: ClientRequest.Trust = kind == .add
                ? .init(action: kind, fingerprint: peer.map(SendPreflight.fingerprint), peer: name, autoAccept: !ask)
                : .init(action: kind, peer: peer)
            let result = try TransferRequest.send(.trust(request))
            let peers = (result.trusted ?? []).map {
                Peer(fingerprint: $0.fingerprint, name: PeerText.printable($0.name), offers: $0.autoAccept.map { $0 ? "auto" : "ask" })
            }
            switch kind {
            case .`self`:
                output.emit(Peer(fingerprint: result.fingerprint ?? "", name: result.peer ?? "")) { "\(result.fingerprint ?? "") \(result.peer ?? "")" }
            case .add:
                output.emit(Added(trusted: name ?? peer ?? "", fingerprint: peer ?? "")) { "trusted \(name ?? peer ?? "")" }
            case .revoke:
                output.emit(peers) { peers.map { "revoked \($0.name) \($0.fingerprint)" }.joined(separator: "\n") }
            case .list:
                output.emit(peers) {
                    Table.render(header: ["FINGERPRINT", "NAME", "OFFERS"], rows: peers.map { [$0.fingerprint, $0.name, $0.offers ?? ""] })
                }
            }
        }
    }
}
