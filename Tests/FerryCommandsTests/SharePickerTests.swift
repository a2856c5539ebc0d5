import FerryCore
import Testing
@testable import FerryCommands
import FerryTestSupport

@Suite(.offThePool) struct SharePickerTests {
    /// Runs the prompt over `lines`; returns the choice and everything shown.
    func pick(_ lines: [String?], count: Int = 3) -> (Int?, [String]) {
        var input = lines.makeIterator()
        var shown: [String] = []
        let choice = SharePicker.choose(count: count, read: { input.next() ?? nil }) { shown.append($0) }
        return (choice, shown)
    }

    @Test func aNumberPicksThatPeer() {
        #expect(pick(["2"]).0 == 1)
        #expect(pick([" 3 \n"]).0 == 2)
    }

    @Test func wrongAnswersAreAskedAgainThenGivenUp() {
        let (choice, shown) = pick(["x", "9", "1"])
        #expect(choice == 0)
        #expect(shown.filter { $0 == "type a number from 1 to 3, or q to cancel\n" }.count == 2)
        #expect(pick(["0", "4", "-1", "1"]).0 == nil)
    }

    @Test(arguments: [["q"], [""], [nil], ["Q"]])
    func qAnEmptyLineOrTheEndOfInputCancel(lines: [String?]) {
        #expect(pick(lines).0 == nil)
    }

    @Test func theListIsNumberedWithTrust() {
        let text = SharePicker.render([
            SharePeer(name: "Kitchen", address: "192.168.1.20:47120", mode: "contacts", trusted: true, fingerprint: "aa"),
            SharePeer(name: "Attic", address: "[fe80::1]:47120", mode: nil, trusted: false, fingerprint: "bb"),
        ])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[1].hasPrefix("1  Kitchen  192.168.1.20:47120  contacts  trusted"))
        #expect(lines[2].hasPrefix("2  Attic    [fe80::1]:47120     -         not trusted"))
    }

    @Test func withoutATerminalSendNeedsTo() throws {
        let world = try FerryWorld()
        let outcome = try world.run("send", "/etc/hostname")
        #expect(outcome.status == 64)
        #expect(outcome.stderr == "ferry: name the receiver with --to; `ferry peers` lists them\n")
    }
}
