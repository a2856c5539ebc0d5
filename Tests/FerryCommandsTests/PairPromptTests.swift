import ArgumentParser
import Testing
@testable import FerryCommands
import FerryTestSupport

@Suite(.offThePool) struct PairPromptTests {
    @Test(arguments: [("y", true), ("YES", true), (" y \n", true), ("n", false), ("", false), ("yess", false)])
    func onlyYesIsYes(line: String, yes: Bool) {
        #expect(PairPrompt.isYes(line) == yes)
    }

    @Test func endOfInputIsNo() {
        #expect(!PairPrompt.isYes(nil))
        #expect(PairPrompt.verdict(shown: "123456", name: "B", typed: nil, yes: false, answer: nil)
            == .refuse("pairing with B cancelled; nothing was trusted"))
    }

    @Test func aTypedCodeMustEqualTheShownOne() {
        #expect(PairPrompt.verdict(shown: "123456", name: "B", typed: "123 456", yes: false, answer: nil) == .confirm)
        guard case .refuse(let why) = PairPrompt.verdict(shown: "123456", name: "B", typed: "123457", yes: true, answer: "y") else {
            Issue.record("a wrong code was confirmed")
            return
        }
        #expect(why.hasPrefix("the code 123457 is not 123 456, the code for B"))
    }

    @Test func yesOrATerminalYesConfirms() {
        #expect(PairPrompt.verdict(shown: "123456", name: "B", typed: nil, yes: true, answer: nil) == .confirm)
        #expect(PairPrompt.verdict(shown: "123456", name: "B", typed: nil, yes: false, answer: "yes") == .confirm)
    }

    @Test(arguments: [["pair", "B", "--accept", "x"], ["pair", "--accept", "x"], ["pair", "--decline", "x", "--yes"],
                      ["pair", "B", "--code", "12345"], ["pair", "B", "--code", "abcdef"]])
    func badCombinationsAreUsageErrors(_ arguments: [String]) {
        #expect(throws: (any Error).self) { try Ferry.parseAsRoot(arguments) }
    }

    @Test(arguments: [["pair"], ["pair", "--incoming"], ["pair", "B", "--code", "123 456"], ["pair", "1.2.3.4:5", "--yes"],
                      ["pair", "--accept", "x", "--code", "123456"], ["pair", "--decline", "x"]])
    func goodCombinationsParse(_ arguments: [String]) throws {
        _ = try Ferry.parseAsRoot(arguments)
    }
}
