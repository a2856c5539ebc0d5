import Testing
@testable import FerryCommands
import FerryTestSupport

@Suite(.offThePool) struct FastPathTests {
    @Test func versionAloneIsFast() {
        #expect(FastPath(["--version"]) == .version)
    }

    @Test func plainOpensAreFast() {
        #expect(FastPath(["open", "x:1"]) == .open(OpenArguments(urls: ["x:1"])))
        #expect(FastPath(RootArguments.normalized(["-q", "open", "x:"])) == .open(OpenArguments(quiet: true, urls: ["x:"])))
    }

    @Test(arguments: [
        [], ["--help"], ["--version", "-q"], ["-q", "--version"], ["--version", "open"], ["apps"],
        ["open", "--help"], ["open", "--explain", "x:"], ["--generate-completion-script", "bash"],
    ])
    func everythingElseGoesToTheFullParser(_ arguments: [String]) {
        #expect(FastPath(RootArguments.normalized(arguments)) == nil)
    }
}
