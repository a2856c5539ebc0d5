import Foundation
import Testing
import FerryTestSupport

/// A managed app that crashes or hangs at launch: the line names its log file and shows the
/// last line the app wrote there (issue 29: "exited with status 3" said nothing of where to look).
@Suite(.offThePool) struct AppLogHintEndToEndTests {
    /// TestManagedApp, saying something on stderr before it crashes or hangs.
    func install(_ world: FerryWorld) throws {
        try TestManagedApp.install(in: world, "com.test.a", scheme: "aa")
        let path = world.apps + "/com.test.a.app/app.py"
        var script = try String(contentsOfFile: path, encoding: .utf8)
        script = script.replacingOccurrences(of: "if \"crash-launch\" in url: sys.exit(3)",
                                             with: "if \"crash-launch\" in url: sys.stderr.write(\"boom: settings.toml is missing\\n\"); sys.exit(3)")
        script = script.replacingOccurrences(of: "if \"hang-launch\" in url: time.sleep(3600)",
                                             with: "if \"hang-launch\" in url: sys.stderr.write(\"waiting for the database lock\\n\"); sys.stderr.flush(); time.sleep(3600)")
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    var logFile: (FerryWorld) -> String { { $0.root + "/state/ferry/logs/com.test.a.log" } }

    @Test func aCrashNamesTheLogAndItsLastLine() throws {
        let world = try FerryWorld()
        try install(world)
        let outcome = try world.run("open", "aa://x?crash-launch")
        #expect(outcome.status == 75)
        #expect(outcome.stderr.contains("com.test.a exited with status 3; its log is \(logFile(world)), ending: boom: settings.toml is missing"),
                "\(outcome.stderr)")
    }

    @Test func aHangNamesTheLogAndItsLastLine() throws {
        let world = try FerryWorld()
        world.extraEnvironment["FERRY_LAUNCH_WATCHDOG"] = "1"
        try install(world)
        let outcome = try world.run("open", "aa://x?hang-launch")
        #expect(outcome.status == 75)
        #expect(outcome.stderr.contains("within 1.0 seconds; it was killed; its log is \(logFile(world)), ending: waiting for the database lock"),
                "\(outcome.stderr)")
    }
}
