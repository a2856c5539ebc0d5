import Foundation
import Testing
import FerryTestSupport

/// State preservation with real processes: ferryd on its own socket, the Python app of
/// ``RestoringTestApp``, and `ferry` as a user runs it.
@Suite(.offThePool, .serialized) struct RestorationEndToEndTests {
    /// Launches `rt://one`, then `ferry quit`: the app saves on its way to the background.
    func worldWithSavedState(version: String = "1.0") throws -> FerryWorld {
        let world = try FerryWorld()
        try RestoringTestApp.install(in: world, "com.test.rt", scheme: "rt", version: version)
        #expect(try world.run("open", "rt://x/one").status == 0)
        let quit = try world.run("quit", "com.test.rt")
        #expect(quit.status == 0, "\(quit.stderr)")
        #expect(world.events("com.test.rt", count: 8).contains { $0.hasPrefix("saved ") })
        return world
    }

    @Test func stateSavedOnQuitComesBackOnRelaunchByURLOnce() throws {
        let world = try worldWithSavedState()
        let (status, report) = try world.savedState("com.test.rt")
        #expect(status == 0)
        #expect(report["exists"] as? Bool == true)
        #expect(report["bundleVersion"] as? String == "1.0")
        #expect(report["appVersion"] as? String == "7")
        #expect(report["interfaceIdiom"] as? String == "desktop")
        #expect((report["size"] as? Int ?? 0) > 0)
        #expect((report["ageSeconds"] as? Int ?? -1) >= 0)
        let text = try world.run("state", "com.test.rt").stdout
        #expect(text.contains("app version      7"))

        #expect(try world.run("open", "rt://x/two").status == 0)
        let events = world.events("com.test.rt", count: 13)
        #expect(events.contains("restored rt://x/one bundle=1.0 idiom=desktop app=7"))
        // Handed over once: the launch consumed it.
        #expect(try world.savedState("com.test.rt").status == 1)
    }

    @Test func theArchiveIsPrivateAndEncrypted() throws {
        let world = try worldWithSavedState()
        let file = world.stateFile("com.test.rt")
        let bytes = try #require(FileManager.default.contents(atPath: file))
        #expect(!String(decoding: bytes, as: UTF8.self).contains("rt://x/one"))
        #expect(bytes.starts(with: Array("FERRYST1".utf8)))
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let key = world.root + "/data/ferry/keys/state.key"
        #expect(try FileManager.default.attributesOfItem(atPath: key)[.posixPermissions] as? Int == 0o600)
        #expect(FileManager.default.contents(atPath: key)?.count == 32)
    }

    @Test func movingToTheBackgroundSavesAndAPurgeKeepsTheState() throws {
        let world = try FerryWorld()
        world.extraEnvironment["FERRY_SUSPEND_AFTER"] = "0.2"
        try RestoringTestApp.install(in: world, "com.test.rt", scheme: "rt")
        try TestManagedApp.install(in: world, "com.test.other", scheme: "oo")
        #expect(try world.run("open", "rt://x/one").status == 0)
        #expect(try world.run("open", "oo://x").status == 0)
        #expect(world.events("com.test.rt", count: 7).last?.hasPrefix("saved ") == true)
        #expect(try world.savedState("com.test.rt").report["exists"] as? Bool == true)
        try world.waitUntil("com.test.rt", is: "suspended")
        #expect(try world.run("memory-warning").status == 0)
        try world.waitUntil("com.test.rt", is: "not-running")
        #expect(try world.savedState("com.test.rt").report["exists"] as? Bool == true)
        #expect(try world.run("open", "rt://x/two").status == 0)
        #expect(world.events("com.test.rt", count: 12).contains { $0.hasPrefix("restored rt://x/one ") })
    }

    @Test func forceQuitDiscardsTheState() throws {
        let world = try FerryWorld()
        try RestoringTestApp.install(in: world, "com.test.rt", scheme: "rt")
        try TestManagedApp.install(in: world, "com.test.other", scheme: "oo")
        #expect(try world.run("open", "rt://x/one").status == 0)
        #expect(try world.run("open", "oo://x").status == 0)
        #expect(world.events("com.test.rt", count: 7).last?.hasPrefix("saved ") == true)
        #expect(try world.run("kill", "com.test.rt").status == 0)
        #expect(try world.savedState("com.test.rt").status == 1)
        #expect(!FileManager.default.fileExists(atPath: world.stateFile("com.test.rt")))
        #expect(try world.run("open", "rt://x/two").status == 0)
        let events = world.events("com.test.rt", count: 11)
        #expect(events.suffix(4) == ["willFinishLaunching", "didFinishLaunching", "open rt://x/two", "didBecomeActive"])
        #expect(!events.contains { $0.hasPrefix("restored") })
    }

    @Test func aCrashWhileRestoringLeavesACleanNextLaunch() throws {
        let world = try worldWithSavedState()
        let crash = try world.run("open", "rt://x/crash-restore")
        #expect(crash.status == 75, "\(crash.stdout) \(crash.stderr)")
        #expect(try world.savedState("com.test.rt").status == 1)
        #expect(try world.run("open", "rt://x/after").status == 0)
        let events = world.events("com.test.rt", count: 13)
        #expect(events.suffix(4) == ["willFinishLaunching", "didFinishLaunching", "open rt://x/after", "didBecomeActive"])
        #expect(!events.contains { $0.hasPrefix("restored") })
    }

    @Test(arguments: ["tampered", "truncated", "garbage"])
    func aDamagedArchiveIsLoggedOnceAndTheAppStartsClean(_ damage: String) throws {
        let world = try worldWithSavedState()
        let file = world.stateFile("com.test.rt")
        var bytes = try #require(FileManager.default.contents(atPath: file))
        switch damage {
        case "tampered": bytes[bytes.count / 2] ^= 0x01
        case "truncated": bytes = bytes.prefix(bytes.count / 2)
        default: bytes = Data("hello".utf8)
        }
        try bytes.write(to: URL(fileURLWithPath: file))
        let damaged = try world.savedState("com.test.rt")
        #expect(damaged.status == 1 && damaged.report["damaged"] as? Bool == true)
        let open = try world.run("open", "rt://x/two")
        #expect(open.status == 0, "\(open.stderr)")
        #expect(open.stdout.hasPrefix("launched com.test.rt"))
        let events = world.events("com.test.rt", count: 12)
        #expect(events.suffix(4) == ["willFinishLaunching", "didFinishLaunching", "open rt://x/two", "didBecomeActive"])
        #expect(world.daemonLog.components(separatedBy: "saved state of com.test.rt discarded:").count == 2)
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test func stateFromANewerVersionIsRefused() throws {
        let world = try worldWithSavedState(version: "2.0")
        let reloads = world.daemonLog.components(separatedBy: "registry reloaded").count
        try RestoringTestApp.install(in: world, "com.test.rt", scheme: "rt", version: "1.9")
        // ferryd notices the reinstall through inotify; launch the version it now knows.
        waitUntil("ferryd to reload its registry") { world.daemonLog.components(separatedBy: "registry reloaded").count != reloads }
        #expect(try world.run("open", "rt://x/two").status == 0)
        let events = world.events("com.test.rt", count: 12)
        #expect(events.suffix(4) == ["willFinishLaunching", "didFinishLaunching", "open rt://x/two", "didBecomeActive"])
        #expect(!events.contains { $0.hasPrefix("restored") })
        world.waitUntilLogged("written by version 2.0, newer than the installed 1.9")
    }

    @Test func discardRemovesTheStateAndBadNamesAreUsageErrors() throws {
        let world = try worldWithSavedState()
        let discard = try world.run("state", "com.test.rt", "--discard")
        #expect(discard.status == 0)
        #expect(discard.stdout == "discarded the saved state of com.test.rt\n")
        #expect(try world.run("state", "com.test.rt", "--discard").stdout == "com.test.rt had no saved state\n")
        let none = try world.run("state", "com.test.rt")
        #expect(none.status == 1 && none.stdout == "com.test.rt has no saved state\n")
        let bad = try world.run("state", "../evil")
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("ferry: \"../evil\" is not a bundle identifier"))
    }
}

/// The FerryKit example, built: its open list and selection across `ferry quit` + `ferry open`,
/// and a clean start after `ferry kill`.
@Suite(.offThePool, .serialized) struct TodoManagedRestorationTests {
    let app = "com.acme.todo.managed"

    func install(in world: FerryWorld) throws {
        let bundle = world.apps + "/todo-managed.app"
        try FileManager.default.copyItem(atPath: FerryWorld.repository + "/examples/todo-managed.app", toPath: bundle)
        let binary = URL(fileURLWithPath: FerryWorld.binary).deletingLastPathComponent().appendingPathComponent("todo-managed").path
        try FileManager.default.copyItem(atPath: binary, toPath: bundle + "/todo-managed")
    }

    func screen(_ world: FerryWorld) -> String {
        (try? String(contentsOfFile: world.documents(app) + "/screen.txt", encoding: .utf8)) ?? ""
    }

    func openListAndSelect(_ world: FerryWorld) throws {
        for url in ["todolist-managed://list/Groceries", "todolist-managed://x?Milk", "todolist-managed://select/2"] {
            #expect(try world.run("open", "--wait", url).status == 0)
        }
        #expect(screen(world) == "list Groceries, selection 2\n")
    }

    @Test func theOpenListAndSelectionSurviveQuitAndOpen() throws {
        let world = try FerryWorld()
        try install(in: world)
        try openListAndSelect(world)
        #expect(try world.run("quit", app).status == 0)
        #expect(try world.run("state", app).stdout.contains("app version      1"))
        #expect(try world.run("open", "--wait", "todolist-managed://x?Eggs").status == 0)
        #expect(screen(world) == "list Groceries, selection 2\n")
        let log = try String(contentsOfFile: world.documents(app) + "/events.log", encoding: .utf8)
        #expect(log.contains("event willFinishLaunching\nevent shouldRestoreApplicationState 1\nevent applicationFinishedRestoringState\nevent didFinishLaunching\n"))
    }

    @Test func forceQuitStartsTheNextLaunchClean() throws {
        let world = try FerryWorld()
        try install(in: world)
        try TestManagedApp.install(in: world, "com.test.other", scheme: "oo")
        try openListAndSelect(world)
        #expect(try world.run("open", "oo://x").status == 0)  // todo-managed moves to the background: saved
        #expect(try world.savedState(app).status == 0)
        #expect(try world.run("kill", app).status == 0)
        #expect(try world.run("open", "--wait", "todolist-managed://x?Eggs").status == 0)
        #expect(screen(world) == "no list open\n")
    }
}
