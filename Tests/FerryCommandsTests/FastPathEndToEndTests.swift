import Foundation
import Testing
import FerryTestSupport

/// `ferry --version` and the plain forms of `ferry open` skip swift-argument-parser; what the
/// binary prints and its exit code must not tell. Each command line runs twice in one world, the
/// second time with FERRY_FULL_PARSER=1, and the two runs must agree byte for byte (pids aside).
@Suite(.offThePool) struct FastPathEndToEndTests {
    static let commandLines: [[String]] = [
        ["--version"],
        ["open", "todolist://a"],
        ["open", "--wait", "todolist://a"],
        ["open", "--json", "--wait", "todolist://bad url", "nosuch://x", "todolist://b"],
        ["-q", "open", "todolist://a"],
        ["open", "-v", "-g", "--wait", "todolist://a", "todolist://b"],
        ["open", "--app", "com.acme.missing", "todolist://a"],
        ["open", "--app", "com.acme.todo", "--source", "com.acme.todo", "other://x"],
        ["open", "-", "todolist://c"],
        ["open", "/nonexistent/file.txt"],
        // The full parser's own cases, the same either way.
        ["open"], ["open", "--help"], ["--version", "-q"], ["open", "-x", "todolist://a"], ["open", "-q", "-v", "todolist://a"],
    ]

    @Test(arguments: commandLines, [true, false])
    func printsAndExitsAsTheFullParserDoes(_ arguments: [String], direct: Bool) throws {
        let world = try FerryWorld()
        try world.addRecorder("com.acme.todo", schemes: ["todolist"])
        world.extraEnvironment["RECORDER_STATUS"] = "3"
        if direct { world.extraEnvironment["FERRY_NO_DAEMON"] = "1" } else { try world.run("ps") }
        // Only for `-`: a command that does not read it may exit first, and the write would get SIGPIPE.
        let stdin = arguments.contains("-") ? "todolist://s1\ntodolist://bad s2\n" : nil
        let fast = try world.run(arguments, stdin: stdin)
        world.extraEnvironment["FERRY_FULL_PARSER"] = "1"
        let full = try world.run(arguments, stdin: stdin)
        #expect(fast.status == full.status)
        #expect(Self.withoutPIDs(fast.stdout) == Self.withoutPIDs(full.stdout))
        #expect(Self.withoutPIDs(fast.stderr) == Self.withoutPIDs(full.stderr))
    }

    @Test func versionIsTheVersionLine() throws {
        let outcome = try FerryWorld().run("--version")
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "ferry 0.1.0\n")
        #expect(outcome.stderr.isEmpty)
    }

    /// Handler pids differ from run to run: `(pid 123)` and `"pid":123` become `pid N`.
    static func withoutPIDs(_ text: String) -> String {
        text.replacingOccurrences(of: #"pid"?:? ?\d+"#, with: "pid N", options: .regularExpression)
    }
}
