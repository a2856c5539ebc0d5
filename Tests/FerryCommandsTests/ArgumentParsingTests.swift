import ArgumentParser
import Testing
@testable import FerryCommands

@Suite struct ArgumentParsingTests {
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
