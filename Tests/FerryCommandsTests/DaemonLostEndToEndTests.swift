import Foundation
import Testing
import FerryTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// ferryd SIGKILLed while `ferry open --wait` waits on a managed app (issue 29): one clear line,
/// no fallback to opening "directly" that contradicts it, and the next command starts a new ferryd.
@Suite(.offThePool) struct DaemonLostEndToEndTests {
    @Test func aKilledFerrydIsOneLineAndTheNextCommandStartsANewOne() throws {
        let world = try FerryWorld()
        try TestManagedApp.install(in: world, "com.test.a", scheme: "aa")
        #expect(try world.run("ps").status == 0)
        let first = try #require(world.daemonPID)
        let opener = Process()
        opener.executableURL = URL(fileURLWithPath: FerryWorld.binary)
        opener.arguments = ["open", "--wait", "aa://x?hang-launch"]
        opener.environment = world.environment
        let err = Pipe()
        opener.standardError = err
        opener.standardOutput = FileHandle.nullDevice
        try opener.run()
        _ = world.events("com.test.a", count: 1)  // the app is in willFinishLaunching, and hangs there
        kill(first, SIGKILL)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        opener.waitUntilExit()
        #expect(opener.terminationStatus == 76)
        #expect(stderr == "ferry: ferryd stopped before it answered (it was killed, or crashed), so the outcome is unknown; "
                + "the next ferry command starts a new one\n", "\(stderr)")
        let next = try world.run("ps")
        #expect(next.status == 0, "\(next.stderr)")
        let second = try #require(world.daemonPID)
        #expect(second != first)
        // The hung app the killed ferryd left behind (this test's own) is ended by pid.
        for pid in Self.processes(running: world.apps + "/com.test.a.app/app.py") { kill(pid, SIGKILL) }
    }

    /// The pids whose command line mentions `path`.
    static func processes(running path: String) -> [pid_t] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { name in
            guard let pid = pid_t(name), let data = FileManager.default.contents(atPath: "/proc/\(name)/cmdline") else { return nil }
            return String(decoding: data, as: UTF8.self).contains(path) ? pid : nil
        }
    }
}
