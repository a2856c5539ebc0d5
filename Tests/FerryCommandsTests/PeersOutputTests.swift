import FerryCore
import Foundation
import Testing
import FerryTestSupport

/// Issue 25, item 5: a LocalSend alias (anyone's text) printed ESC]0;…BEL, ESC[2J, CR and U+202E
/// raw in `ferry peers`. The built binary against a stand-in ferryd whose table holds such names.
@Suite(.offThePool) struct PeersOutputTests {
    static let hostile = "\u{1B}]0;pwned\u{07}Alice\u{1B}[2J\r\u{202E}enohP\u{9B}31m\u{2066}"

    static func hasNoneOfThem(_ text: String) -> Bool {
        !text.unicodeScalars.contains { scalar in
            (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
                || [0x202E, 0x2066, 0x200E].contains(scalar.value)
        }
    }

    static func daemon(_ world: FerryWorld) throws -> FakeDaemon {
        var peers = DaemonReply.Result(outcome: .running)
        var row = DaemonReply.PeerRow(name: hostile, host: "10.0.0.9\u{1B}[A", addresses: ["10.0.0.9"], port: 53317, source: "localsend", lastSeen: 0)
        row.fingerprint = "ab12"
        row.model = "Pixel\u{1B}[2J"
        row.mode = "\u{202E}everyone"
        peers.peers = [row]
        return try FakeDaemon(socketPath: world.socket, answers: ["peers": peers])
    }

    @Test func peersPrintsAHostileAliasWithoutItsControls() throws {
        let world = try FerryWorld()
        let daemon = try Self.daemon(world)
        defer { daemon.stop() }
        let table = try world.run("peers")
        #expect(table.stdout.contains("]0;pwnedAlice[2JenohP31m"), "\(table.stdout.debugDescription)")
        #expect(Self.hasNoneOfThem(table.stdout), "\(table.stdout.debugDescription)")
        #expect(Self.hasNoneOfThem(table.stderr), "\(table.stderr.debugDescription)")
    }

    @Test func peersJSONCarriesTheNameWithoutItsControlsToo() throws {
        let world = try FerryWorld()
        let daemon = try Self.daemon(world)
        defer { daemon.stop() }
        let json = try world.run("peers", "--json")
        #expect(json.stdout.contains("]0;pwnedAlice[2JenohP31m"), "\(json.stdout.debugDescription)")
        #expect(Self.hasNoneOfThem(json.stdout) && !json.stdout.contains("\\u001b"), "\(json.stdout.debugDescription)")
    }
}
