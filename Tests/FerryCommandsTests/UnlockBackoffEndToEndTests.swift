import Foundation
import Testing
import FerryTestSupport

/// Guessing the passphrase through ferryd's socket: after three wrong ones ferryd checks none
/// for a while, the right one included, and says how long to wait.
@Suite(.offThePool) struct UnlockBackoffEndToEndTests {
    @Test func afterThreeWrongPassphrasesFerrydMakesTheNextOneWait() throws {
        let world = try FerryWorld()
        #expect(try world.run("ps").status == 0)
        let created = try world.run("unlock", "--stdin", stdin: "sesame\n")
        #expect(created.status == 0, "\(created.stderr)")
        for _ in 0..<3 {
            let wrong = try world.run("unlock", "--stdin", stdin: "open up\n")
            #expect(wrong.status == 77)
            #expect(wrong.stderr.contains("wrong passphrase"), "\(wrong.stderr)")
        }
        for guess in ["open up", "sesame"] {
            let refused = try world.run("unlock", "--stdin", stdin: guess + "\n")
            #expect(refused.status == 77)
            #expect(refused.stderr.contains("too many wrong passphrases; wait "), "\(refused.stderr)")
        }
        #expect(world.daemonPID != nil, "the unlocks went through ferryd")
    }
}
