import FerryCore
import Foundation
import Testing
import FerryTestSupport

/// ferryd's child processes as an attacker among them sees them: what they inherit, what they
/// can read of each other, what ferryd leaves behind. Real ferryd, real apps.
@Suite(.offThePool, .serialized) struct DaemonHardeningEndToEndTests {
    /// Python lines that write the process's open descriptors (after the listing's own) to Documents/NAME.
    static func recordDescriptors(_ name: String) -> String {
        """
        def open_fds():
            names = os.listdir("/proc/self/fd")
            return " ".join(n for n in sorted(names, key=int) if os.path.exists("/proc/self/fd/" + n))
        fds = open_fds()
        with open(os.path.join(os.environ["FERRY_DOCUMENTS"], "\(name)"), "w") as out:
            out.write(fds)
        """
    }

    /// A command app: records its descriptors and its URL, then exits.
    static func installCommandApp(in world: FerryWorld, _ identifier: String, scheme: String, extra: [String: Any] = [:]) throws {
        let script = "#!/usr/bin/env python3\nimport os, sys\n" + recordDescriptors("fds") + "\n"
            + "with open(os.path.join(os.environ[\"FERRY_DOCUMENTS\"], \"urls\"), \"a\") as out:\n    out.write(sys.argv[1] + \"\\0\")\n"
        var plist: [String: Any] = [
            "CFBundleIdentifier": identifier, "CFBundleExecutable": "app.py",
            "CFBundleURLTypes": [["CFBundleURLSchemes": [scheme]]],
        ]
        plist.merge(extra) { $1 }
        try installBundle(in: world, identifier, script: script, plist: plist)
    }

    /// A managed app that records its descriptors at start, then runs like ``TestManagedApp``.
    static func installManagedApp(in world: FerryWorld, _ identifier: String, scheme: String) throws {
        let marker = "docs = os.environ[\"FERRY_DOCUMENTS\"]\n"
        let script = TestManagedApp.script.replacingOccurrences(of: marker, with: marker + recordDescriptors("fds") + "\n")
        try installBundle(in: world, identifier, script: script, plist: [
            "CFBundleIdentifier": identifier, "CFBundleExecutable": "app.py", "FerryAppKind": "managed",
            "CFBundleURLTypes": [["CFBundleURLSchemes": [scheme]]],
        ])
    }

    static func installBundle(in world: FerryWorld, _ identifier: String, script: String, plist: [String: Any]) throws {
        let bundle = world.apps + "/\(identifier).app"
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        try script.write(toFile: bundle + "/app.py", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bundle + "/app.py")
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
        try data.write(to: URL(fileURLWithPath: bundle + "/Info.plist"))
    }

    /// The text an app wrote to Documents/NAME, waiting for it: the file exists, empty, from the
    /// app's open until its one write lands.
    static func written(_ world: FerryWorld, _ identifier: String, _ name: String) -> String? {
        var text: String?
        waitUntil("\(identifier) to write Documents/\(name)") {
            text = try? String(contentsOfFile: world.documents(identifier) + "/" + name, encoding: .utf8)
            return text?.isEmpty == false
        }
        return text
    }

    @Test func aManagedAppHoldsNoneOfFerrydsDescriptors() throws {
        let world = try FerryWorld()
        try Self.installManagedApp(in: world, "com.test.first", scheme: "first")
        try Self.installManagedApp(in: world, "com.test.second", scheme: "second")
        #expect(try world.run("open", "first://1").status == 0)
        // The second starts while ferryd holds the first's connection: that must not reach it either.
        #expect(try world.run("open", "second://1").status == 0)
        // 3 is the launch token's pipe, read and closed right after.
        #expect(Self.written(world, "com.test.first", "fds") == "0 1 2 3")
        #expect(Self.written(world, "com.test.second", "fds") == "0 1 2 3")
    }

    @Test func aCommandAppStartedByFerryHoldsOnlyItsStandardDescriptors() throws {
        let world = try FerryWorld()
        try Self.installCommandApp(in: world, "com.test.cmd", scheme: "cmd")
        #expect(try world.run("ps").status == 0)  // ferryd runs, with its listener and epoll open
        #expect(try world.run("open", "--wait", "cmd://1").status == 0)
        #expect(Self.written(world, "com.test.cmd", "fds") == "0 1 2")
    }

    @Test func aCommandAppOpenedForAReceivedFileIsReapedAndHoldsNoDescriptorOfFerryd() throws {
        let pair = try SendEndToEndTests.Pair()
        try Self.installCommandApp(in: pair.receiver, "com.test.reader", scheme: "reader", extra: [
            "CFBundleDocumentTypes": [["CFBundleTypeExtensions": ["txt"], "LSHandlerRank": "Owner", "CFBundleTypeRole": "Viewer"]],
        ])
        try pair.trustSender()
        let sent = try pair.send(try pair.file("note.txt", "hello"))
        #expect(sent.status == 0 && sent.stdout.contains("delivered note.txt to com.test.reader"), "\(sent.stdout)\(sent.stderr)")
        #expect(Self.written(pair.receiver, "com.test.reader", "urls")?.hasSuffix("/Inbox/note.txt\0") == true)
        let log = (try? String(contentsOfFile: pair.receiver.root + "/state/ferry/ferryd.log", encoding: .utf8)) ?? ""
        #expect(Self.written(pair.receiver, "com.test.reader", "fds") == "0 1 2", "ferryd's log: \(log)")
        // No managed app runs, so nothing else would make the reaper wait.
        let daemon = try #require(pair.receiver.daemonPID)
        var zombies: [Int32] = []
        waitUntil("ferryd to reap its children") {
            zombies = children(of: daemon).filter { processState($0) == "Z" }
            return zombies.isEmpty
        }
        #expect(zombies.isEmpty, "ferryd left zombies \(zombies)")
    }

    @Test(arguments: [["daemon", "-v"], ["ferryd", "--verbose"]])
    func aVerboseDaemonNeverLogsTheEnvironment(_ command: [String]) throws {
        let world = try FerryWorld()
        let secret = "s3cr3t-\(UInt64.random(in: 0...UInt64.max))"
        world.extraEnvironment["GITHUB_TOKEN"] = secret
        let ferry = URL(fileURLWithPath: FerryWorld.binary)
        let program = command[0] == "daemon" ? ferry.path : ferry.deletingLastPathComponent().appendingPathComponent("ferryd").path
        let log = world.root + "/verbose.log"
        // Installed before ferryd starts: installed while it starts, its registry watcher could read
        // the bundle before its Info.plist was written, and `open` failed under load.
        try TestManagedApp.install(in: world, "com.test.a", scheme: "aa")
        // Launcher, not Process: its output goes to a file and nothing else of this process leaks in.
        let pid = try Launcher.spawn(program, arguments: [program] + (command[0] == "daemon" ? command : Array(command.dropFirst())), environment: world.environment, output: log)
        waitUntil("ferryd's socket \(world.socket)") { FileManager.default.fileExists(atPath: world.socket) }
        #expect(try world.run("open", "aa://1").status == 0)
        kill(pid, SIGTERM)
        waitUntil("ferryd \(pid) to end on SIGTERM") { !isAlive(pid) }
        kill(pid, SIGKILL)
        #expect(Launcher.wait(for: pid) == .exited(0))
        let output = try String(contentsOfFile: log, encoding: .utf8)
        #expect(output.contains("debug"), "verbose output: \(output)")
        #expect(!output.contains(secret))
        #expect(!output.contains("GITHUB_TOKEN"))
    }

    @Test func anotherProcessOfTheUserCannotReadTheLaunchToken() throws {
        let world = try FerryWorld()
        try TestManagedApp.install(in: world, "com.test.a", scheme: "aa")
        #expect(try world.run("open", "aa://1").status == 0)
        let pid = try #require(try world.ps()["com.test.a"]?.pid)
        let environ = try #require(FileManager.default.contents(atPath: "/proc/\(pid)/environ"))
        let variables = environ.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        #expect(variables.contains("FERRY_LAUNCH_TOKEN_FD=3"))
        #expect(!variables.contains { $0.hasPrefix("FERRY_LAUNCH_TOKEN=") })
        // The app has read and closed the pipe: nothing left to take through /proc/PID/fd either.
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(pid)/fd/3"))
    }

    /// A managed app that, given a URL with `close-socket`, answers, shuts its connection and lives on.
    static func installDroppingApp(in world: FerryWorld, _ identifier: String, scheme: String) throws {
        // After its reply, so that no event is pending: nothing would time out to reveal it.
        let marker = "    if event == \"willTerminate\": sys.exit(0)"
        let dropping = "\n    if event == \"open\" and \"close-socket\" in url:\n"
            + "        s.shutdown(socket.SHUT_RDWR)\n        time.sleep(3600)\n"
        let script = TestManagedApp.script.replacingOccurrences(of: marker, with: marker + dropping)
        #expect(script.contains("close-socket"))
        try installBundle(in: world, identifier, script: script, plist: [
            "CFBundleIdentifier": identifier, "CFBundleExecutable": "app.py", "FerryAppKind": "managed",
            "CFBundleURLTypes": [["CFBundleURLSchemes": [scheme]]],
        ])
    }

    @Test(arguments: [true, false])
    func anAppThatClosesItsConnectionCountsAsCrashedAndTheNextURLRelaunchesIt(wait: Bool) throws {
        let world = try FerryWorld()
        world.extraEnvironment["FERRY_EVENT_TIMEOUT"] = "30"  // so only the EOF can explain a quick recovery
        try Self.installDroppingApp(in: world, "com.test.drop", scheme: "drop")
        #expect(try world.run("open", "drop://1").status == 0)
        let first = try #require(try world.ps()["com.test.drop"]?.pid)
        #expect(try world.run("open", "--wait", "drop://x?close-socket").status == 0)
        // Time for ferryd to read the EOF (nothing outside shows it has): the open after it must relaunch.
        usleep(100_000)
        let started = Date()
        let again = try world.run(["open"] + (wait ? ["--wait"] : []) + ["drop://2"])
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(again.stdout.contains("launched com.test.drop"), "\(again.stdout)")
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(!isAlive(first))
        #expect(world.events("com.test.drop", count: 9).suffix(4) == ["willFinishLaunching", "didFinishLaunching", "open drop://2", "didBecomeActive"])
    }

    @Test func anAppThatExitsOnSuspendIsTerminatedWithWillTerminateInsteadOfStopped() throws {
        let world = try FerryWorld()
        world.extraEnvironment["FERRY_SUSPEND_AFTER"] = "0.3"
        try Self.installBundle(in: world, "com.test.brief", script: TestManagedApp.script, plist: [
            "CFBundleIdentifier": "com.test.brief", "CFBundleExecutable": "app.py", "FerryAppKind": "managed",
            "CFBundleURLTypes": [["CFBundleURLSchemes": ["brief"]]], "UIApplicationExitsOnSuspend": true,
        ])
        try TestManagedApp.install(in: world, "com.test.b", scheme: "bb")
        #expect(try world.run("open", "brief://1").status == 0)
        let pid = try #require(try world.ps()["com.test.brief"]?.pid)
        #expect(try world.run("open", "bb://1").status == 0)
        let events = world.events("com.test.brief", count: 7)
        #expect(events.suffix(3) == ["willResignActive", "didEnterBackground", "willTerminate"])
        waitUntil("com.test.brief (pid \(pid)) to exit, state \(processState(pid) ?? "gone")") { !isAlive(pid) }
        try world.waitUntil("com.test.brief", is: "not-running")
        // Opened again, it launches afresh.
        #expect(try world.run("open", "brief://2").stdout.hasPrefix("launched com.test.brief"))
    }

    @Test func aNewFerrydEndsTheAppsOfOneKilledWithSIGKILL() throws {
        let world = try FerryWorld()
        try TestManagedApp.installThreeWithOneSuspended(in: world)
        let old = try world.ps().compactMapValues(\.pid)
        #expect(old.count == 3 && processState(old["com.test.a"] ?? 0) == "T")
        let daemon = try #require(world.daemonPID)
        kill(daemon, SIGKILL)
        // Until its last thread has exited, the killed ferryd still holds its socket, where its main
        // thread may already show as a zombie: a command then connects to it and is reset.
        waitUntil("every thread of the killed ferryd \(daemon) to exit") { allThreadsExited(daemon) }
        // The next command starts a new ferryd, which ends the suspended, background and active apps.
        let reopened = try world.run("open", "aa://2")
        #expect(reopened.stdout.hasPrefix("launched com.test.a"), "\(reopened.stdout)\(reopened.stderr)")
        for (app, pid) in old {
            waitUntil("\(app) (pid \(pid)) to end, state \(processState(pid) ?? "")") { !isAlive(pid) }
        }
        // `open` answers once the URL is on its way; didBecomeActive follows.
        try world.waitUntil("com.test.a", is: "active")
        #expect(try world.ps()["com.test.a"]?.pid != old["com.test.a"])
    }
}

/// Whether every thread of `pid` has exited (its descriptors are closed only then), the main
/// thread left as a zombie or reaped.
func allThreadsExited(_ pid: Int32) -> Bool {
    let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return threads.allSatisfy { thread in
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return true }
        let state = stat[stat.index(close, offsetBy: 2)...].prefix(1)
        return state == "Z" || state == "X"
    }
}

/// The processes whose parent is `pid`, from /proc.
func children(of pid: Int32) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(Int32.init).filter { child in
        guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
        return fields.count > 1 && Int32(fields[1]) == pid
    }
}
