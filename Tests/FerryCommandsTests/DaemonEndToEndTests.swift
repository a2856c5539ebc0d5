import Foundation
import Synchronization
import Testing
import FerryTestSupport

/// ferryd and managed apps, with real processes: each test starts its own daemon on its own socket
/// and stops it (and so its apps) when its world is released.
@Suite(.offThePool, .serialized) struct DaemonEndToEndTests {
    @Test func coldLaunchDeliversTheURLThenActivates() throws {
        let world = try FerryWorld()
        try TestManagedApp.install(in: world, "com.test.a", scheme: "aa")
        let outcome = try world.run("open", "aa://one")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.hasPrefix("launched com.test.a (pid "))
        #expect(world.events("com.test.a", count: 4) == ["willFinishLaunching", "didFinishLaunching", "open aa://one", "didBecomeActive"])
        let again = try world.run("open", "--wait", "aa://two")
        #expect(again.stdout.hasPrefix("com.test.a was already active"))
        #expect(again.stdout.contains("handled"))
        #expect(world.events("com.test.a", count: 5).last == "open aa://two")
    }

    @Test(arguments: ["decline-will", "decline-did"])
    func aLaunchEventThatDeclinesSkipsOpen(_ how: String) throws {
        let world = try FerryWorld()
        try TestManagedApp.install(in: world, "com.test.a", scheme: "aa")
        let outcome = try world.run("open", "aa://x?\(how)")
        #expect(outcome.status == 77)
        #expect(outcome.stdout.hasPrefix("declined: com.test.a declined the URL in "))
        #expect(world.events("com.test.a", count: 3) == ["willFinishLaunching", "didFinishLaunching", "didBecomeActive"])
    }

    @Test func backgroundAppsComeForwardAndTheFormerForegroundResigns() throws {
        let world = try FerryWorld()
        try TestManagedApp.install(in: world, "com.test.a", scheme: "aa")
        try TestManagedApp.install(in: world, "com.test.b", scheme: "bb")
        #expect(try world.run("open", "aa://1").status == 0)
        #expect(try world.run("open", "bb://1").status == 0)
        #expect(world.events("com.test.a", count: 6).suffix(2) == ["willResignActive", "didEnterBackground"])
        #expect(try world.ps()["com.test.a"]?.state == "background")
        let back = try world.run("open", "aa://2")
        #expect(back.stdout.hasPrefix("brought com.test.a to the foreground"))
        #expect(world.events("com.test.a", count: 9).suffix(3) == ["willEnterForeground", "open aa://2", "didBecomeActive"])
        #expect(try world.ps()["com.test.a"]?.state == "active")
        #expect(try world.ps()["com.test.b"]?.state == "background")
    }

    @Test func idleBackgroundAppsAreReallyStoppedAndResumedWhenOpened() throws {
        let world = try FerryWorld()
        try TestManagedApp.installThreeWithOneSuspended(in: world)
        let pid = try #require(try world.ps()["com.test.a"]?.pid)
        #expect(processState(pid) == "T")
        #expect(try world.ps()["com.test.music"]?.state == "background")
        let back = try world.run("open", "aa://2")
        #expect(back.stdout.hasPrefix("brought com.test.a to the foreground"))
        #expect(processState(pid) != "T")
        #expect(world.events("com.test.a", count: 9).suffix(3) == ["willEnterForeground", "open aa://2", "didBecomeActive"])
    }

    @Test func aHungLaunchIsKilledByTheWatchdog() throws {
        let world = try FerryWorld()
        world.extraEnvironment["FERRY_LAUNCH_WATCHDOG"] = "1"
        try TestManagedApp.install(in: world, "com.test.a", scheme: "aa")
        let started = Date()
        let outcome = try world.run("open", "aa://x?hang-launch")
        #expect(outcome.status == 75)
        #expect(outcome.stderr.contains("com.test.a did not answer willFinishLaunching within 1.0 seconds; it was killed"))
        #expect(Date().timeIntervalSince(started) < 4)
        try world.waitUntil("com.test.a", is: "not-running")
    }

    @Test func aCrashDuringLaunchIsReported() throws {
        let world = try FerryWorld()
        try TestManagedApp.install(in: world, "com.test.a", scheme: "aa")
        let outcome = try world.run("open", "aa://x?crash-launch")
        #expect(outcome.status == 75)
        #expect(outcome.stderr.contains("com.test.a exited with status 3"))
        try world.waitUntil("com.test.a", is: "not-running")
        #expect(try world.run("open", "aa://fine").status == 0)
    }

    @Test func urlsArriveOnceEachAndInOrder() throws {
        let world = try FerryWorld()
        try TestManagedApp.install(in: world, "com.test.a", scheme: "aa")
        // Past twice ferry's window of 512 in flight, whose answered part it drops as it goes.
        let urls = (0..<1_100).map { "aa://x/\($0)" }
        let batch = try world.run("open", "-q", "-", stdin: urls.joined(separator: "\n") + "\n")
        #expect(batch.status == 0, "\(batch.stderr)")
        var opened: [String] = []
        FerryTestSupport.waitUntil("\(urls.count) opens") {
            opened = world.events("com.test.a").filter { $0.hasPrefix("open ") }
            return opened.count >= urls.count
        }
        #expect(opened == urls.map { "open " + $0 })
    }

    @Test func concurrentOpensArriveExactlyOnce() throws {
        let world = try FerryWorld()
        try TestManagedApp.install(in: world, "com.test.a", scheme: "aa")
        #expect(try world.run("open", "aa://start").status == 0)
        let statuses = Mutex([Int32]())
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            let status = (try? world.run("open", "-q", "aa://c/\(index)").status) ?? -1
            statuses.withLock { $0.append(status) }
        }
        #expect(statuses.withLock { $0.allSatisfy { $0 == 0 } })
        // willFinish, didFinish, "open aa://start", didBecomeActive, then the 200 opens.
        let opened = world.events("com.test.a", count: 204).filter { $0.hasPrefix("open aa://c/") }
        #expect(opened.count == 200)
        #expect(Set(opened).count == 200)
    }

    @Test func quitSendsWillTerminateAndKillForceQuits() throws {
        let world = try FerryWorld()
        try TestManagedApp.install(in: world, "com.test.a", scheme: "aa")
        #expect(try world.run("open", "aa://1").status == 0)
        let pid = try #require(try world.ps()["com.test.a"]?.pid)
        #expect(try world.run("quit", "com.test.a").stdout == "quit com.test.a\n")
        #expect(world.events("com.test.a", count: 7).suffix(3) == ["willResignActive", "didEnterBackground", "willTerminate"])
        #expect(!isAlive(pid))
        #expect(try world.run("open", "aa://2").stdout.hasPrefix("launched"))
        let second = try #require(try world.ps()["com.test.a"]?.pid)
        #expect(try world.run("kill", "com.test.a").status == 0)
        #expect(!isAlive(second))
        #expect(try world.ps()["com.test.a"]?.state == "not-running")
        #expect(try world.run("quit", "com.test.a").status == 1)
    }

    @Test func memoryWarningsPurgeSuspendedAppsFirst() throws {
        let world = try FerryWorld()
        world.extraEnvironment["FERRY_SUSPEND_AFTER"] = "0.2"
        try TestManagedApp.install(in: world, "com.test.a", scheme: "aa")
        try TestManagedApp.install(in: world, "com.test.b", scheme: "bb")
        #expect(try world.run("open", "aa://1").status == 0)
        #expect(try world.run("open", "bb://1").status == 0)
        try world.waitUntil("com.test.a", is: "suspended")
        let outcome = try world.run("memory-warning")
        #expect(outcome.stdout == "1 app(s) warned, 1 suspended app(s) terminated\n")
        try world.waitUntil("com.test.a", is: "not-running")
        #expect(world.events("com.test.b", count: 5).last == "didReceiveMemoryWarning")
    }

    @Test func theDaemonStartsOnDemandAndAgainAfterItStops() throws {
        let world = try FerryWorld()
        try TestManagedApp.install(in: world, "com.test.a", scheme: "aa")
        #expect(world.daemonPID == nil)
        #expect(try world.run("open", "aa://1").status == 0)
        let first = try #require(world.daemonPID)
        let app = try #require(try world.ps()["com.test.a"]?.pid)
        world.stopDaemon()
        #expect(!isAlive(first))
        #expect(!isAlive(app), "stopping ferryd terminates its apps")
        #expect(world.events("com.test.a", count: 7).last == "willTerminate")
        #expect(try world.run("open", "aa://2").status == 0)
        #expect(world.daemonPID != first)
    }

    @Test func aFerrydThatDropsTheHandshakeIsReplacedByANewOne() throws {
        // What `kill -9 ferryd; ferry ps` meets while the killed ferryd's last threads exit: its
        // socket still accepts and drops, and it no longer holds the lock.
        let world = try FerryWorld()
        let dying = try FakeDaemon(socketPath: world.socket, holdsLock: false, hangsUp: true, answers: [:])
        let ps = try world.run("ps")
        dying.stop()
        #expect(ps.status == 0, "\(ps.stderr)")
        #expect(dying.connections >= 1)
        #expect(world.daemonPID.map(isAlive) == true)
    }

    @Test func aSecondDaemonRefusesToStart() throws {
        let world = try FerryWorld()
        #expect(try world.run("ps").status == 0)
        let second = try world.run("daemon")
        #expect(second.status == 1)
        #expect(second.stderr.contains("ferryd is already running (pid \(world.daemonPID ?? 0))"))
    }

    @Test func newAppsAreSeenWithoutAnyCommand() throws {
        let world = try FerryWorld()
        #expect(try world.run("ps").status == 0)
        let reloads = world.daemonLog.components(separatedBy: "registry reloaded").count
        try TestManagedApp.install(in: world, "com.test.late", scheme: "late")
        waitUntil("the watcher's reload") { world.daemonLog.components(separatedBy: "registry reloaded").count > reloads }
        #expect(try world.run("open", "late://x").status == 0)
    }

    @Test func commandAppsStillRunInTheCallersProcess() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.acme.todo", schemes: ["todolist"])
        let outcome = try world.run("open", "--wait", "todolist://x")
        #expect(outcome.status == 0)
        #expect(world.received("com.acme.todo") == ["todolist://x"])
        #expect(world.daemonPID != nil)
    }
}
