import Foundation
import Testing
import FerryTestSupport

/// One output layer: the same flags and the same error line for every command.
@Suite(.offThePool) struct OutputLayerEndToEndTests {
    @Test func outputFlagsMayComeBeforeTheCommand() throws {
        let world = try FerryWorld()
        world.extraEnvironment["FERRY_NO_DAEMON"] = "1"
        let outcome = try world.run("-q", "apps")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.isEmpty)
        let json = try world.run("--json", "apps")
        #expect(json.status == 0)
        #expect(json.stdout.hasPrefix("{\n  \"apps\""), "\(json.stdout)")
    }

    @Test func aMistypedCommandIsAFerryLineWithASuggestion() throws {
        let world = try FerryWorld()
        let outcome = try world.run("opne", "todolist://x")
        #expect(outcome.status == 64)
        #expect(outcome.stderr == "ferry: unknown command \"opne\"; did you mean `ferry open`? (ferry --help lists them)\n")
    }

    @Test func usageErrorsStartWithFerryNotError() throws {
        let world = try FerryWorld()
        let outcome = try world.run("receiving", "sometimes")
        #expect(outcome.status == 64)
        #expect(outcome.stderr.hasPrefix("ferry: unknown mode \"sometimes\""), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("Error:"))
    }

    /// The transfer commands took none of --json/-q/-v; `inbox pending --json` printed a table.
    @Test func transferCommandsTakeJSONAndQuiet() throws {
        let world = try FerryWorld()
        world.extraEnvironment = ["FERRY_TRANSFER_PORT": "0", "FERRY_TRANSFER_HOST": "127.0.0.1", "FERRY_TRANSFER_RESERVE": "0"]
        let fingerprint = String(try world.run("trust", "self").stdout.prefix(64))
        let added = try world.run("trust", "add", fingerprint, "--name", "me", "--json")
        #expect(added.status == 0, "\(added.stderr)")
        for arguments in [["trust", "--json"], ["trust", "self", "--json"], ["receiving", "--json"], ["inbox", "pending", "--json"],
                          ["inbox", "--json"], ["ps", "--json"]] {
            let outcome = try world.run(arguments)
            #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
            #expect((try? JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))) != nil, "\(arguments): \(outcome.stdout)")
        }
        let list = try JSONSerialization.jsonObject(with: Data(try world.run("trust", "--json").stdout.utf8)) as? [[String: String]]
        #expect(list?.first?["name"] == "me")
        #expect(list?.first?["offers"] == "auto")
        for arguments in [["trust", "-q"], ["receiving", "contacts", "-q"], ["inbox", "pending", "-q"], ["trust", "revoke", "me", "-q"]] {
            let outcome = try world.run(arguments)
            #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
            #expect(outcome.stdout.isEmpty, "\(arguments): \(outcome.stdout)")
        }
        let declined = try world.run("decline", "nosuch", "--json")
        #expect(declined.status != 0)
        #expect(declined.stdout.isEmpty)
        #expect(declined.stderr.hasPrefix("ferry: no offer"), "\(declined.stderr)")
    }

    /// On a terminal every error's `ferry:` is red: a usage error and an --explain of a bad URL
    /// printed a plain prefix (or the parser's `Error:`).
    @Test(arguments: [["receiving", "sometimes"], ["open", "--explain", "a b:x"]])
    func errorsAreRedOnATerminal(_ arguments: [String]) throws {
        let world = try FerryWorld()
        // An empty NO_COLOR does not count (no-color.org); swift test may run with it set.
        world.extraEnvironment = ["FERRY_NO_DAEMON": "1", "TERM": "xterm", "NO_COLOR": ""]
        let outcome = try Terminal.run(world, arguments)
        #expect(outcome.stdout.contains("\u{1B}[1;31mferry:\u{1B}[0m "), "\(outcome.stdout.debugDescription)")
    }

    /// `bundleIdentifier` in every JSON that names an app, and times as RFC 3339 strings in keys
    /// ending in `Time`, beside the keys documented before (`app`, `bundleId`, epoch seconds).
    @Test func jsonNamesAppsAndTimesTheSameWayEverywhere() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.acme.todo", schemes: ["todolist"])
        let opened = try world.run("open", "--json", "todolist://x")
        #expect(opened.status == 0, "\(opened.stderr)")
        let open = try #require(try JSONSerialization.jsonObject(with: Data(opened.stdout.utf8)) as? [String: Any])
        #expect(open["bundleIdentifier"] as? String == "com.acme.todo")
        #expect(open["app"] as? String == "com.acme.todo")
        let peers = try world.run("peers", "add", "127.0.0.1:9", "--json")
        #expect(peers.status == 0, "\(peers.stderr)")
        let listed = try JSONSerialization.jsonObject(with: Data(try world.run("peers", "--json").stdout.utf8)) as? [String: Any]
        let peer = try #require((listed?["peers"] as? [[String: Any]])?.first)
        let time = try #require(peer["lastSeenTime"] as? String)
        #expect(peer["lastSeen"] is Double)
        #expect(time.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil, "\(time)")
    }
}
