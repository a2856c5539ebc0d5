import Foundation
import Testing
import FerryTestSupport

/// Issue 13's fault matrix, the rows about ferryd itself: each with a real ferryd and real apps,
/// asserting nothing lost, nothing half-visible, a clear line, and the system usable right after.
@Suite(.offThePool, .serialized) struct FaultMatrixEndToEndTests {
    enum SocketFault: String, CaseIterable { case removed, replaced }

    @Test(arguments: SocketFault.allCases)
    func ferrydWhoseSocketFolderIsRemovedOrReplacedExitsAndTheNextCommandWorks(_ fault: SocketFault) throws {
        let world = try FerryWorld()
        try TestManagedApp.install(in: world, "com.test.a", scheme: "aa")
        #expect(try world.run("open", "aa://1").status == 0)
        let daemon = try #require(world.daemonPID)
        let app = try #require(try world.ps()["com.test.a"]?.pid)
        let folder = world.root + "/run"
        switch fault {
        case .removed: try FileManager.default.removeItem(atPath: folder)
        case .replaced:
            try FileManager.default.moveItem(atPath: folder, toPath: folder + ".old")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false,
                                                    attributes: [.posixPermissions: 0o700])
        }
        waitUntil("ferryd \(daemon) to end, unreachable") { !isAlive(daemon) }
        // It ended its app on the way out: no orphan to be launched twice.
        #expect(!isAlive(app))
        #expect(world.events("com.test.a", count: 5).last == "willTerminate")
        let log = (try? String(contentsOfFile: world.root + "/state/ferry/ferryd.log", encoding: .utf8)) ?? ""
        #expect(log.contains("was removed or replaced"), "ferryd's log: \(log)")
        // The next command starts a new ferryd, which works.
        let again = try world.run("open", "aa://2")
        #expect(again.status == 0 && again.stdout.hasPrefix("launched com.test.a"), "\(again.stdout)\(again.stderr)")
        #expect(world.daemonPID != nil && world.daemonPID != daemon)
    }

    /// ``TestManagedApp`` with `code` run after its reply to an `open` whose URL contains `trigger`,
    /// and `prologue` run at start.
    static func installMisbehaving(in world: FerryWorld, _ identifier: String, scheme: String,
                                   prologue: String = "", trigger: String = "", code: String = "") throws {
        let marker = "    if event == \"willTerminate\": sys.exit(0)"
        var script = TestManagedApp.script.replacingOccurrences(of: "docs = os.environ", with: prologue + "\ndocs = os.environ")
        if !code.isEmpty {
            script = script.replacingOccurrences(of: marker, with: marker + "\n    if event == \"open\" and \"\(trigger)\" in url:\n" + code)
        }
        try DaemonHardeningEndToEndTests.installBundle(in: world, identifier, script: script, plist: [
            "CFBundleIdentifier": identifier, "CFBundleExecutable": "app.py", "FerryAppKind": "managed",
            "CFBundleURLTypes": [["CFBundleURLSchemes": [scheme]]],
        ])
    }

    /// `ferry ps` answers, and quickly.
    static func psAnswersPromptly(_ world: FerryWorld) throws -> Bool {
        let started = Date()
        let ps = try world.run("ps")
        return ps.status == 0 && Date().timeIntervalSince(started) < 1.5
    }

    @Test func anAppThatIgnoresSIGTERMAndWillTerminateIsKilledAfterTheQuitDeadline() throws {
        let world = try FerryWorld()
        // It answers willTerminate, then neither exits nor lets SIGTERM end it.
        try Self.installMisbehaving(in: world, "com.test.stubborn", scheme: "stubborn",
                                    prologue: "import signal\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)")
        let script = world.apps + "/com.test.stubborn.app/app.py"
        let text = try String(contentsOfFile: script, encoding: .utf8)
            .replacingOccurrences(of: "if event == \"willTerminate\": sys.exit(0)", with: "if event == \"willTerminate\": time.sleep(3600)")
        try text.write(toFile: script, atomically: false, encoding: .utf8)
        let opened = try world.run("open", "stubborn://1")
        #expect(opened.status == 0, "\(opened.stdout)\(opened.stderr)")
        let pid = try #require(try world.ps()["com.test.stubborn"]?.pid)
        let started = Date()
        let quit = try world.run("quit", "com.test.stubborn")
        #expect(quit.status == 0, "\(quit.stdout)\(quit.stderr)")
        #expect(Date().timeIntervalSince(started) < 6, "the quit deadline is 3 s")
        #expect(!isAlive(pid))
        #expect(try world.ps()["com.test.stubborn"]?.state == "not-running")
        // And when ferryd itself stops: the relaunched instance does not outlive it.
        #expect(try world.run("open", "stubborn://2").stdout.hasPrefix("launched"))
        let second = try #require(try world.ps()["com.test.stubborn"]?.pid)
        world.stopDaemon()
        waitUntil("the relaunched app (pid \(second)) to end with ferryd, state \(processState(second) ?? "gone")") { !isAlive(second) }
    }

    @Test func anAppThatStopsReadingItsSocketIsKilledAndFerrydStaysResponsive() throws {
        let world = try FerryWorld()
        world.extraEnvironment["FERRY_EVENT_TIMEOUT"] = "1"
        try Self.installMisbehaving(in: world, "com.test.deaf", scheme: "deaf", trigger: "go-deaf",
                                    code: "        time.sleep(3600)\n")
        #expect(try world.run("open", "deaf://1").status == 0)
        #expect(try world.run("open", "--wait", "deaf://x?go-deaf").status == 0)
        let pid = try #require(try world.ps()["com.test.deaf"]?.pid)
        // Opens pile up behind the one it never reads; large URLs, to fill its socket's buffer.
        let long = String(repeating: "a", count: 60_000)
        let outcomes = LockedBox<[FerryWorld.Outcome]>([])
        DispatchQueue.concurrentPerform(iterations: 6) { index in
            if index == 0 {
                usleep(300_000)  // ferry ps asked while the opens are stuck (no sign shows when they are)
                outcomes.mutate { $0.append(FerryWorld.Outcome(status: (try? Self.psAnswersPromptly(world)) == true ? 0 : 1, stdout: "ps", stderr: "")) }
                return
            }
            if let outcome = try? world.run("open", "--wait", "deaf://\(index)?\(long)") { outcomes.mutate { $0.append(outcome) } }
        }
        #expect(outcomes.value.contains { $0.stdout == "ps" && $0.status == 0 }, "ferry ps stalled behind a deaf app")
        #expect(!isAlive(pid))
        // The open it never read fails, and so may those queued behind it, each with a line naming
        // the app; the rest relaunch it.
        let failed = outcomes.value.filter { $0.stdout != "ps" && $0.status != 0 }
        #expect(!failed.isEmpty && failed.allSatisfy { $0.stderr.contains("com.test.deaf") }, "\(failed.map(\.stderr))")
        #expect(outcomes.value.count == 6)
        #expect(try world.ps()["com.test.deaf"]?.state == "active")
    }

    @Test func anAppThatFloodsItsSocketIsCutOffAndFerrydStaysResponsive() throws {
        let world = try FerryWorld()
        // Replies to nothing, as fast as it can: each costs ferryd a lookup and, unchecked, a log line.
        try Self.installMisbehaving(in: world, "com.test.flood", scheme: "flood", trigger: "flood",
                                    code: "        time.sleep(0.5)\n        junk = b'{\"type\":\"reply\",\"id\":999999,\"result\":true}\\n' * 200\n        while True: s.sendall(junk)\n")
        #expect(try world.run("open", "flood://1").status == 0)
        let first = try world.run("open", "flood://x?flood")
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let pid = try #require(try world.ps()["com.test.flood"]?.pid)
        usleep(800_000)  // the flood starts half a second after its reply
        #expect(try Self.psAnswersPromptly(world))
        waitUntil("the flooding app (pid \(pid)) to be cut off") { !isAlive(pid) }
        let logPath = world.root + "/state/ferry/ferryd.log"
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        #expect(log.contains("com.test.flood") && log.contains("flood"), "ferryd's log: \(log.suffix(2000))")
        #expect(log.utf8.count < 20_000, "ferryd's log grew to \(log.utf8.count) bytes")
        #expect(try world.run("open", "flood://2").stdout.hasPrefix("launched"))
    }
}

/// A value shared between the threads of a test.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func mutate(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
}
