import Foundation
import Testing
import FerryTestSupport

/// The exit-code table (README, `ferry --help`) holds for the cases users met.
@Suite(.offThePool) struct ExitCodesEndToEndTests {
    @Test func installOfAMissingPathIsNoInputNotAMalformedManifest() throws {
        let world = try FerryWorld()
        let outcome = try world.run("install", "/nonexistent/todo.app")
        #expect(outcome.status == 66)
        #expect(outcome.stderr == "ferry: /nonexistent/todo.app: no such file or folder; name a NAME.app folder or a NAME.plist file\n")
    }

    /// A damaged defaults.json is like a broken manifest for the commands that only read it: one
    /// warning, and they go on; only a command that would rewrite it refuses, with 78.
    @Test func aDamagedDefaultsFileWarnsWhereReadAndRefusesWhereRewritten() throws {
        let world = try FerryWorld()
        world.extraEnvironment["FERRY_NO_DAEMON"] = "1"
        try world.addRecorder("com.a", schemes: ["todolist"])
        try FileManager.default.createDirectory(atPath: world.root + "/config/ferry", withIntermediateDirectories: true)
        try "{oops".write(toFile: world.root + "/config/ferry/defaults.json", atomically: true, encoding: .utf8)
        for arguments in [["open", "--wait", "todolist://x"], ["schemes"], ["can-open", "todolist://x"], ["default", "todolist"]] {
            let outcome = try world.run(arguments)
            #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderr.hasPrefix("ferry: warning: ") && outcome.stderr.contains("defaults.json"), "\(arguments)")
        }
        #expect(try world.run("default", "todolist", "com.a").status == 78)
        #expect(try world.run("default", "--clear", "todolist").status == 78)
    }

    @Test func defaultOfAReservedOrUndeclaredSchemeIsAUsageError() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.a", schemes: ["todolist"])
        #expect(try world.run("default", "https", "com.a").status == 64)
        #expect(try world.run("default", "other", "com.a").status == 64)
    }
}
