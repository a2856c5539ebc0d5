import Testing
@testable import FerryCommands
import FerryTestSupport

@Suite(.offThePool) struct RootArgumentsTests {
    @Test func outputFlagsBeforeTheCommandMoveAfterIt() {
        #expect(RootArguments.normalized(["-q", "apps"]) == ["apps", "-q"])
        #expect(RootArguments.normalized(["--json", "-v", "ps", "x"]) == ["ps", "--json", "-v", "x"])
        #expect(RootArguments.normalized(["apps", "-q"]) == ["apps", "-q"])
        #expect(RootArguments.normalized(["-q"]) == ["-q"])
    }

    @Test func aMistypedCommandGetsASuggestion() {
        #expect(RootArguments.suggestion(["opne", "x:"]) == "unknown command \"opne\"; did you mean `ferry open`? (ferry --help lists them)")
        #expect(RootArguments.suggestion(["sned", "a"])?.contains("`ferry send`") == true)
        #expect(RootArguments.suggestion(["open", "x:"]) == nil)
        #expect(RootArguments.suggestion(["zzzzzzzz"]) == nil)
    }

    @Test func theParsersErrorPrefixBecomesFerrys() {
        #expect(RootArguments.ferryLines("Error: Missing expected argument '<url> ...'\nUsage: x", prefix: "ferry:")
            == "ferry: Missing expected argument '<url> ...'\nUsage: x")
    }
}
