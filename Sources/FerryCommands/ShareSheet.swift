import FerryCore
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// `ferry send` without `--to` on a terminal: the peers ferryd sees, numbered, and a pick.
enum ShareSheet {
    /// The line for a run without a terminal to ask on.
    static let noTerminal = "name the receiver with --to; `ferry peers` lists them"

    /// The peers ferryd's discovery sees, marked trusted or not.
    static func peers(_ client: DaemonClient) throws -> [SharePeer] {
        SharePeer.rows(table: try client.request(.peers(.init())), trust: try client.request(.trust(.init(action: .list))))
    }

    /// Lists the peers and asks for one.
    ///
    /// - Throws: ``CommandFailure``: no peers (69), or the user cancelled (77).
    static func pick(_ client: DaemonClient) throws -> SharePeer {
        let peers = try peers(client)
        guard !peers.isEmpty else {
            throw CommandFailure(message: "no peers are seen on the network (`ferry peers` says why); name one with --to HOST:PORT", exit: FerryExit.discoveryUnavailable)
        }
        print(SharePicker.render(peers), terminator: "")
        let choice = SharePicker.choose(count: peers.count, read: { readLine() }) { text in
            print(text, terminator: "")
            fflush(nil)
        }
        guard let choice else { throw CommandFailure(message: "nothing sent: no peer was chosen", exit: FerryExit.declined) }
        return peers[choice]
    }
}
