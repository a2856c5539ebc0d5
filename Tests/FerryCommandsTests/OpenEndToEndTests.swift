import Foundation
import Testing
import FerryTestSupport

@Suite(.offThePool) struct OpenEndToEndTests {
    static let hostileURLs = [
        "todolist://www.acme.com?Quarterly%20Report#200806231300",
        "todolist://x/a%20b%22q%22'single'",
        "todolist://x/$(touch%20pwned)",
        "todolist://x/;rm%20-rf%20~;%60id%60&&x!*+,=:@",
        "todolist://x/%C3%A9t%C3%A9?%E2%9C%93",
    ]

    @Test(arguments: hostileURLs)
    func theHandlerGetsTheURLAsOneUntouchedArgument(_ url: String) throws {
        let world = try FerryWorld()
        try world.addRecorder("com.acme.todo", schemes: ["todolist"])
        let outcome = try world.run("open", "--wait", url)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(world.received("com.acme.todo") == [url])
        #expect(!FileManager.default.fileExists(atPath: world.documents("com.acme.todo") + "/pwned"))
    }

    @Test func anEightKiBURLArrivesWhole() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.acme.todo", schemes: ["todolist"])
        let url = "todolist://x/" + String(repeating: "a", count: 8 * 1024)
        #expect(try world.run("open", "--wait", url).status == 0)
        #expect(world.received("com.acme.todo") == [url])
    }

    @Test(arguments: [
        ("todolist://x/a b", "a space at position 15 is not allowed in the path; did you mean todolist://x/a%20b?"),
        ("todolist://x/\"q\"", "\"\"\" at position 14 is not allowed in the path"),
        ("todolist://x/été", "a non-ASCII character at position 14 is not allowed in the path; did you mean todolist://x/%C3%A9t%C3%A9?"),
    ])
    func invalidURLsExit65AndTheOthersAreStillOpened(_ url: String, _ message: String) throws {
        let world = try FerryWorld()
        try world.addRecorder("com.acme.todo", schemes: ["todolist"])
        let outcome = try world.run("open", "--wait", url, "todolist://fine")
        #expect(outcome.status == 65)
        #expect(outcome.stderr.hasPrefix("ferry: invalid URL"))
        #expect(outcome.stderr.contains(message))
        #expect(outcome.stderr.split(separator: "\n").count == 1)
        #expect(world.received("com.acme.todo") == ["todolist://fine"])
    }

    /// "With several URLs every one is attempted and the exit code is the first failure's", with
    /// and without ferryd, and `--json` has an object for each URL, the invalid one too.
    @Test(arguments: [false, true])
    func everyURLIsAttemptedAndReported(direct: Bool) throws {
        let world = try FerryWorld()
        if direct { world.extraEnvironment["FERRY_NO_DAEMON"] = "1" }
        try world.addRecorder("com.acme.todo", schemes: ["todolist"])
        let outcome = try world.run("open", "--json", "--wait", "todolist://bad url", "nosuch://x", "todolist://b")
        #expect(outcome.status == 65, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(outcome.stdout)")
        #expect(lines.first?.contains("\"url\":\"todolist://bad url\"") == true)
        #expect(lines.first?.contains("\"exitCode\":65") == true)
        #expect(lines.dropFirst().first?.contains("\"exitCode\":69") == true)
        #expect(lines.last?.contains("\"outcome\":\"launched\"") == true)
        #expect(world.received("com.acme.todo") == ["todolist://b"])
        let first = try world.run("open", "nosuch://x", "todolist://bad url")
        #expect(first.status == 69)
        #expect(first.stderr.split(separator: "\n").count == 2)
    }

    @Test func exitCodesForNoHandlerAndFailedStart() throws {
        let world = try FerryWorld()
        let unknown = try world.run("open", "nosuch://x")
        #expect(unknown.status == 69)
        #expect(unknown.stderr == "ferry: no app handles nosuch: URLs; install one with ferry install, or see ferry schemes\n")
        try world.addRecorder("com.acme.todo", schemes: ["todolist"])
        try FileManager.default.removeItem(atPath: world.apps + "/com.acme.todo.app/record")
        let broken = try world.run("open", "todolist://x")
        #expect(broken.status == 71)
        #expect(broken.stderr.hasPrefix("ferry: com.acme.todo failed to start: \(world.apps)/com.acme.todo.app/record does not exist"))
    }

    @Test func waitReturnsTheHandlersStatus() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.acme.todo", schemes: ["todolist"], extra: ["ProgramArguments": ["sh", "-c", "exit 7"]])
        #expect(try world.run("open", "--wait", "todolist://x").status == 7)
    }

    @Test func stdinURLsAreOpenedInOrderAndBadLinesReported() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.acme.todo", schemes: ["todolist"])
        let outcome = try world.run("open", "--wait", "-", stdin: "todolist://1\r\n\ntodolist://bad url\ntodolist://2\n")
        #expect(outcome.status == 65)
        #expect(world.received("com.acme.todo", count: 2) == ["todolist://1", "todolist://2"])
        #expect(outcome.stderr.contains("invalid URL \"todolist://bad url\""))
    }

    @Test func appAndSourceOptions() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.acme.todo", schemes: ["todolist"])
        try world.addRecorder("com.acme.other", schemes: ["other"])
        #expect(try world.run("open", "--wait", "--app", "com.acme.other", "--source", "com.acme.todo", "todolist://x").status == 0)
        #expect(world.received("com.acme.other") == ["todolist://x"])
        let source = try String(contentsOfFile: world.documents("com.acme.other") + "/source", encoding: .utf8)
        #expect(source == "com.acme.todo\n")
        let missing = try world.run("open", "--app", "com.nope", "todolist://x")
        #expect(missing.status == 67)
    }

    @Test func withoutWaitItReturnsAtOnceAndTheHandlerStillRuns() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.acme.todo", schemes: ["todolist"])
        let outcome = try world.run("open", "--json", "todolist://x")
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("\"outcome\":\"launched\""))
        #expect(world.received("com.acme.todo") == ["todolist://x"])
    }
}

/// `FERRY_NO_DAEMON=1`: command apps open without ferryd; managed apps are refused.
@Suite(.offThePool) struct DirectOpenEndToEndTests {
    @Test func commandAppsOpenWithoutTheDaemon() throws {
        let world = try FerryWorld()
        world.extraEnvironment["FERRY_NO_DAEMON"] = "1"
        try world.addRecorder("com.acme.todo", schemes: ["todolist"], extra: ["ProgramArguments": ["sh", "-c", "exit 7"]])
        let outcome = try world.run("open", "--wait", "todolist://x")
        #expect(outcome.status == 7)
        #expect(outcome.stderr == "ferry: com.acme.todo exited with status 7\n")
        #expect(world.daemonPID == nil)
    }

    @Test func managedAppsNeedTheDaemon() throws {
        let world = try FerryWorld()
        world.extraEnvironment["FERRY_NO_DAEMON"] = "1"
        try TestManagedApp.install(in: world, "com.test.a", scheme: "aa")
        let outcome = try world.run("open", "aa://x")
        #expect(outcome.status == 76)
        #expect(outcome.stderr.contains("com.test.a is a managed app and needs ferryd"))
        #expect(world.daemonPID == nil)
    }
}
