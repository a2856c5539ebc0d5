import ArgumentParser
import Foundation
import Testing
@testable import FerryCommands
import FerryTestSupport

/// `--json`, `-q` and `-v` on every command, and colours only for a terminal without NO_COLOR.
@Suite(.offThePool) struct OutputOptionsTests {
    static let commands: [[String]] = [
        ["open", "x:"], ["can-open", "x:"], ["apps"], ["schemes"], ["default", "x"], ["install", "a.app"],
        ["uninstall", "com.a"], ["doctor"], ["ps"], ["quit", "com.a"], ["kill", "com.a"], ["memory-warning"],
        ["integrate"], ["peers"], ["peers", "list"], ["peers", "add", "192.0.2.7:7417"], ["peers", "remove", "192.0.2.7:7417"],
        // These took none of the three, or only --json, before the one output layer.
        ["trust"], ["trust", "self"], ["trust", "add", String(repeating: "a", count: 64)], ["trust", "revoke", "x"],
        ["receiving"], ["receiving", "off"], ["inbox"], ["inbox", "pending"], ["accept", "x"], ["decline", "x"],
        ["state", "com.a"], ["pair"], ["send", "a", "--to", "h:1"], ["send", "--text", "hi", "--to", "h:1"],
    ]

    @Test(arguments: commands)
    func everyCommandTakesJSONQuietAndVerbose(_ arguments: [String]) throws {
        for flags in [["--json"], ["-q"], ["--quiet"], ["-v"], ["--verbose"], ["--json", "-q"]] {
            _ = try Ferry.parseAsRoot(arguments + flags)
        }
        #expect(throws: (any Error).self) { try Ferry.parseAsRoot(arguments + ["-q", "-v"]) }
    }

    @Test func theDaemonTakesQuietAndVerboseAndJSONOnlyForInstallService() throws {
        _ = try Ferry.parseAsRoot(["daemon", "-v"])
        _ = try Ferry.parseAsRoot(["daemon", "-q"])
        _ = try Ferry.parseAsRoot(["daemon", "--install-service", "--json"])
        #expect(throws: (any Error).self) { try Ferry.parseAsRoot(["daemon", "--json"]) }
    }

    /// Each listing and outcome prints JSON with --json, and nothing with -q.
    @Test func listingsAndOutcomesAsJSONAndQuiet() throws {
        let world = try FerryWorld()
        let source = try FerryWorld()
        try source.addRecorder("com.acme.notes", schemes: ["notes"], name: "notes")
        try world.addRecorder("com.acme.todo", schemes: ["todolist"])
        world.extraEnvironment["FERRY_NO_DAEMON"] = "1"
        let runs: [[String]] = [
            ["apps"], ["schemes"], ["doctor"], ["can-open", "todolist://x"], ["default", "todolist"],
            ["default", "todolist", "com.acme.todo"], ["default", "--clear", "todolist"],
            ["install", source.apps + "/notes.app"], ["uninstall", "com.acme.notes"], ["open", "todolist://x"],
            ["open", "--explain", "todolist://x"], ["integrate"], ["integrate", "--undo"],
        ]
        for arguments in runs {
            let json = try world.run(arguments + ["--json"])
            #expect(json.status == 0, "\(arguments): \(json.stderr)")
            for document in Self.documents(json.stdout) {
                #expect((try? JSONSerialization.jsonObject(with: Data(document.utf8))) != nil, "\(arguments): \(json.stdout)")
            }
            #expect(!json.stdout.isEmpty || arguments.first == "default" && arguments.count == 3, "\(arguments)")
        }
        try FileManager.default.removeItem(atPath: world.root + "/config/ferry")
        for arguments in runs where arguments.first != "default" {
            let quiet = try world.run(arguments + ["-q"])
            #expect(quiet.status == 0 && quiet.stdout.isEmpty, "\(arguments): \(quiet.stdout)\(quiet.stderr)")
        }
        let failing = try world.run("uninstall", "com.nope", "-q")
        #expect(failing.status == 67 && failing.stderr == "ferry: no app com.nope is installed; see ferry apps\n")
    }

    /// `-v` says what was written and run, on stderr only.
    @Test func verboseDetailGoesToStderr() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.acme.todo", schemes: ["todolist"])
        world.extraEnvironment["FERRY_NO_DAEMON"] = "1"
        let opened = try world.run("open", "-v", "--wait", "todolist://x")
        #expect(opened.stdout.hasPrefix("launched com.acme.todo"))
        #expect(opened.stderr.contains("ferry: todolist://x → com.acme.todo (manifest): \(world.apps)/com.acme.todo.app/record todolist://x"))
        let integrated = try world.run("integrate", "-v")
        #expect(integrated.stderr.contains("ferry: wrote \(world.root)/data/applications/ferry-open.desktop"))
    }

    /// `apps`, `can-open` and `doctor` have something to say with `-v` too (issue 29): the manifest
    /// each app came from, the rule that chose the handler, the folders searched; stdout unchanged.
    @Test func verboseListingsNameTheirSources() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.acme.todo", schemes: ["todolist"])
        let manifest = "\(world.apps)/com.acme.todo.app"
        let apps = try world.run("apps", "-v")
        #expect(apps.stderr.contains("ferry: com.acme.todo: \(manifest)\n"), "\(apps.stderr)")
        #expect(apps.stdout == (try world.run("apps")).stdout)
        let canOpen = try world.run("can-open", "-v", "todolist://x")
        #expect(canOpen.stderr.contains("ferry: rule: rank; manifest: \(manifest)\n"), "\(canOpen.stderr)")
        let doctor = try world.run("doctor", "-v")
        #expect(doctor.stderr.contains("ferry: checked \(world.apps) (user)\n"), "\(doctor.stderr)")
    }

    /// Colours only on a terminal (a pty from Python's pty module), never with NO_COLOR.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
    func coloursOnlyOnATerminalWithoutNoColor() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.acme.todo", schemes: ["todolist"])
        func underPTY(_ noColor: String?) throws -> String {
            world.extraEnvironment["NO_COLOR"] = noColor
            world.extraEnvironment["TERM"] = "xterm"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = ["-c", "import pty, sys; pty.spawn(sys.argv[1:])", FerryWorld.binary, "apps"]
            var environment = world.environment
            // swift test itself may run with NO_COLOR set: the case without it must not inherit it.
            if noColor == nil { environment.removeValue(forKey: "NO_COLOR") }
            process.environment = environment
            let out = Pipe()
            process.standardOutput = out
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
        #expect(try underPTY(nil).contains("\u{1B}[1mBUNDLE ID"))
        #expect(try !underPTY("1").contains("\u{1B}["))
        world.extraEnvironment["NO_COLOR"] = nil
        #expect(try !world.run("apps").stdout.contains("\u{1B}["))
    }

    /// Pretty documents (listings) or one object per line (open, can-open).
    static func documents(_ text: String) -> [String] {
        text.hasPrefix("{\n") || text.hasPrefix("[") ? [text] : text.split(separator: "\n").map(String.init)
    }
}
