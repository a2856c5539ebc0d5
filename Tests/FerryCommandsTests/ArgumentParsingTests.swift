import ArgumentParser
import Testing
@testable import FerryCommands
import FerryTestSupport

@Suite(.offThePool) struct ArgumentParsingTests {
    @Test func openTakesOptionsAndManyURLs() throws {
        let command = try Ferry.parseAsRoot(["open", "--app", "com.a", "--source", "com.b", "--wait", "x:1", "-", "y:2"])
        let open = try #require(command as? Ferry.Open)
        #expect(open.app == "com.a")
        #expect(open.source == "com.b")
        #expect(open.wait)
        #expect(open.urls == ["x:1", "-", "y:2"])
    }

    @Test func openNeedsAURL() {
        #expect(throws: (any Error).self) { try Ferry.parseAsRoot(["open"]) }
    }

    @Test(arguments: [["can-open", "x:"], ["apps", "--json"], ["schemes"], ["default", "x", "com.a"],
                      ["default", "--clear", "x"], ["install", "a.app"], ["uninstall", "com.a"], ["doctor"]])
    func everySubcommandParses(_ arguments: [String]) throws {
        _ = try Ferry.parseAsRoot(arguments)
    }

    @Test func defaultRejectsAnInvalidScheme() {
        #expect(throws: (any Error).self) { try Ferry.parseAsRoot(["default", "to do", "com.a"]) }
    }
}

@Suite(.offThePool) struct FastOpenParsingTests {
    @Test(arguments: [
        ["open", "x:1"], ["open", "--wait", "x:1", "y:2"], ["open", "--app", "com.a", "--source", "com.b", "-q", "-g", "x:"],
        ["open", "--json", "-", "x:"], ["open", "--background", "--wait", "--json", "--quiet", "x:"],
        ["open", "-v", "x:"], ["open", "--verbose", "--json", "x:", "y:"],
    ])
    func agreesWithTheFullParser(_ arguments: [String]) throws {
        let full = try #require(try Ferry.parseAsRoot(arguments) as? Ferry.Open)
        #expect(OpenArguments.fastParse(arguments) == full.arguments)
    }

    @Test(arguments: [
        ["open"], ["open", "--help"], ["open", "--app"], ["open", "--app", "--wait", "x:"], ["open", "-x", "x:"],
        ["open", "--app=com.a", "x:"], ["apps"], [], ["open", "-q", "-v", "x:"],
    ])
    func leavesEverythingElseToTheFullParser(_ arguments: [String]) {
        #expect(OpenArguments.fastParse(arguments) == nil)
    }
}
