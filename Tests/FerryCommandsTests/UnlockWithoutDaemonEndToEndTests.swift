import Foundation
import Testing
import FerryTestSupport

/// `ferry unlock` with no ferryd running: `ferryd --unlock` opens the keys (ferry links no crypto)
/// and ferry prints, in text or JSON, and exits as it did when it opened them itself.
@Suite(.offThePool, .serialized) struct UnlockWithoutDaemonEndToEndTests {
    @Test func createsThenUnlocksThenRefusesAWrongPassphraseWithoutStartingFerryd() throws {
        let world = try FerryWorld()
        let created = try world.run("unlock", "--stdin", "--json", stdin: "sesame\n")
        #expect(created.status == 0, "\(created.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Bool]
        #expect(report?["unlocked"] == true && report?["created"] == true, "\(created.stdout)")
        #expect(FileManager.default.fileExists(atPath: world.root + "/data/ferry/keys/classes.json"))
        let again = try world.run("unlock", "--stdin", stdin: "sesame\n")
        #expect(again.status == 0 && again.stdout.hasPrefix("unlocked"), "\(again.stdout) \(again.stderr)")
        let wrong = try world.run("unlock", "--stdin", stdin: "not it\n")
        #expect(wrong.status == 77)
        #expect(wrong.stderr == "ferry: wrong passphrase: it does not open the class keys in \(world.root)/data/ferry/keys/classes.json; no key was added\n")
        #expect(world.daemonPID == nil, "the helper is not a daemon: no socket, no lock file")
    }

    @Test func aHelperThatGivesNoReplyIsOneLineAndNoKeys() throws {
        let world = try FerryWorld()
        world.extraEnvironment["FERRY_DAEMON"] = "/bin/false"
        let outcome = try world.run("unlock", "--stdin", stdin: "sesame\n")
        #expect(outcome.status == 76)
        #expect(outcome.stderr == "ferry: /bin/false --unlock ended (status 1) without a reply; no key was added: is it the ferryd of this ferry?\n")
        #expect(!FileManager.default.fileExists(atPath: world.root + "/data/ferry/keys/classes.json"))
    }
}

extension UnlockWithoutDaemonEndToEndTests {
    /// A ferryd too old to know --unlock starts as a daemon and closes the reply pipe: ferry must
    /// not wait for it for ever.
    @Test func aHelperThatClosesTheReplyAndStaysIsStoppedNotAwaited() throws {
        let world = try FerryWorld()
        let stays = world.root + "/old-ferryd"
        try "#!/bin/sh\nexec 4>&-\nexec sleep 60\n".write(toFile: stays, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stays)
        world.extraEnvironment["FERRY_DAEMON"] = stays
        let started = Date()
        let outcome = try world.run("unlock", "--stdin", stdin: "sesame\n")
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(outcome.status == 76)
        #expect(outcome.stderr == "ferry: \(stays) --unlock ended (status 143) without a reply; no key was added: is it the ferryd of this ferry?\n")
    }
}
