import Foundation
import FerryCore
import Testing
@testable import FerryCommands
import FerryTestSupport

/// ferryd as a systemd user service: the units, `ferry daemon --install-service`, socket
/// activation through systemd's own `systemd-socket-activate`, and journal-style log lines.
@Suite(.offThePool) struct ServiceEndToEndTests {
    static var ferryd: String { URL(fileURLWithPath: FerryWorld.binary).deletingLastPathComponent().appendingPathComponent("ferryd").path }

    @Test func theExampleUnitsAreWhatInstallServiceWrites() throws {
        let examples = FerryWorld.repository + "/examples/systemd/"
        #expect(try String(contentsOfFile: examples + "ferryd.service", encoding: .utf8) == ServiceUnits.service(ferryd: "/usr/local/bin/ferryd"))
        #expect(try String(contentsOfFile: examples + "ferryd.socket", encoding: .utf8) == ServiceUnits.socket())
    }

    @Test func installServiceWritesBothUnitsAndSaysWhatToRunNext() throws {
        let world = try FerryWorld()
        world.extraEnvironment["FERRY_DAEMON"] = Self.ferryd
        let outcome = try world.run("daemon", "--install-service", "--json")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let folder = world.root + "/config/systemd/user"
        let service = try String(contentsOfFile: folder + "/ferryd.service", encoding: .utf8)
        #expect(service == ServiceUnits.service(ferryd: Self.ferryd))
        #expect(try String(contentsOfFile: folder + "/ferryd.socket", encoding: .utf8).contains("ListenStream=%t/ferry/ferryd.sock\n"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(json["folder"] as? String == folder)
        #expect((json["next"] as? String)?.hasSuffix("systemctl --user enable --now ferryd.socket") == true)
        #expect(try world.run("daemon", "--json").status == 64)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze")))
    func theUnitsPassSystemdAnalyzeVerify() throws {
        let world = try FerryWorld()
        try FileManager.default.createDirectory(atPath: world.root + "/runtime", withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try ServiceUnits.service(ferryd: Self.ferryd).write(toFile: world.root + "/ferryd.service", atomically: true, encoding: .utf8)
        try ServiceUnits.socket().write(toFile: world.root + "/ferryd.socket", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-analyze")
        process.arguments = ["--user", "verify", world.root + "/ferryd.service", world.root + "/ferryd.socket"]
        process.environment = ["XDG_RUNTIME_DIR": world.root + "/runtime", "PATH": "/usr/bin:/bin", "HOME": world.root,
                               "MANPATH": world.root + "/no-man"]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = err
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // The one finding allowed: Documentation=man:ferry(1) cannot be checked before the man page
        // is installed (scripts/lib.sh installs it); anything else is a real fault in the units.
        let findings = text.split(separator: "\n").filter { !$0.contains("Command 'man ferry(1)' failed") }
        #expect(findings.isEmpty, "\(text)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-socket-activate")))
    func ferrydServesTheSocketSystemdPassesAndLogsForTheJournal() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.acme.todo", schemes: ["todolist"])
        try FileManager.default.createDirectory(atPath: world.root + "/run", withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        // ferry must not start a ferryd of its own: only the activated one can answer.
        world.extraEnvironment["FERRY_DAEMON"] = "/bin/false"
        let log = world.root + "/journal.log"
        FileManager.default.createFile(atPath: log, contents: nil)
        var info = stat()
        #expect(stat(log, &info) == 0)
        let (device, inode) = (info.st_dev, info.st_ino)
        let passed = ["HOME", "PATH", "FERRY_APPS_PATH", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME",
                      "XDG_DATA_DIRS", "XDG_CONFIG_DIRS", "FERRY_SCHEMES_DIR", "FERRY_SOCKET"]
        let arguments = ["systemd-socket-activate", "--listen=" + world.socket] + passed.map { "-E" + $0 }
            + ["-EJOURNAL_STREAM=\(device):\(inode)", Self.ferryd]
        // posix_spawn with stdout and stderr on the log file: the journal stream ferryd will check.
        let activator = try Launcher.spawn("/usr/bin/systemd-socket-activate", arguments: arguments,
                                           environment: world.environment, output: log)
        defer {
            kill(activator, SIGTERM)
            _ = Launcher.wait(for: activator)
        }
        waitUntil("ferryd's socket \(world.socket)") { FileManager.default.fileExists(atPath: world.socket) }

        let opened = try world.run("open", "--wait", "todolist://activated")
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(world.received("com.acme.todo") == ["todolist://activated"])
        // systemd-socket-activate execs ferryd in its own process: the lock names that pid.
        #expect(world.daemonPID == activator)
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("Listening on") && !$0.hasPrefix("Communication attempt") && !$0.hasPrefix("Execing") }
        #expect(lines.contains { $0.hasPrefix("<6>listening activated=true socket=\(world.socket)") }, "\(lines)")
        // Every ferryd line carries a syslog priority and no timestamp of its own (the journal adds one).
        #expect(lines.allSatisfy { $0.wholeMatch(of: /<[0-7]>[a-z].*/) != nil }, "\(lines)")
    }
}
