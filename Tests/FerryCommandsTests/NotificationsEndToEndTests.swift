import Foundation
import Synchronization
import Testing
import FerryTestSupport

/// ferryd's notifications on a real desktop: dunst under Xvfb on a private session bus, two
/// ferryd on loopback. The user's click is `dunstctl action`, which picks from dunst's menu.
@Suite(.offThePool, .serialized) struct NotificationsEndToEndTests {
    @Test(arguments: ["Accept", "Decline"])
    func anOfferIsAnsweredFromItsNotification(pick: String) throws {
        let desktop = try DesktopSession(pick: pick)
        let pair = try SendEndToEndTests.Pair(names: ("Desk", "Kitchen"), receiverEnvironment: desktop.environment)
        try pair.installViewer()
        #expect(try pair.receiver.run("receiving", "everyone").status == 0)
        let path = try pair.file("b.txt", "b")
        let result = Mutex<FerryWorld.Outcome?>(nil)
        let thread = Thread { result.withLock { $0 = try? pair.send(path) } }
        thread.start()
        waitUntil("the offer's notification") { desktop.displayed == 1 }
        if pick == "Accept", let shot = ProcessInfo.processInfo.environment["FERRY_NOTIFICATION_SCREENSHOT"] {
            try desktop.screenshot(to: shot)
        }
        #expect(try desktop.dunstctl("action", "0").status == 0)
        waitUntil("ferry send to end") { result.withLock { $0 != nil } }
        let outcome = try #require(result.withLock { $0 })
        let stored = pair.receiver.documents("com.test.viewer") + "/Inbox/b.txt"
        #expect(outcome.status == (pick == "Accept" ? 0 : 77), "\(outcome.stderr)")
        #expect(FileManager.default.fileExists(atPath: stored) == (pick == "Accept"))
        guard pick == "Accept" else {
            waitUntil("the offer's notification to close") { desktop.displayed == 0 }
            return
        }
        // The delivered file's notification: its default action (a click) is Open, the URL flow.
        waitUntil("the delivered file's notification") { desktop.displayed == 1 }
        let opened = "open " + "file://" + stored
        waitUntil("the viewer to be opened once") { pair.receiver.events("com.test.viewer").filter { $0 == opened }.count == 1 }
        #expect(try desktop.dunstctl("action", "0").status == 0)
        waitUntil("the viewer to be opened again") { pair.receiver.events("com.test.viewer").filter { $0 == opened }.count == 2 }
    }

    @Test func anOfferDecidedFromTheCommandLineClosesItsNotification() throws {
        let desktop = try DesktopSession(pick: "Accept")
        let pair = try SendEndToEndTests.Pair(names: ("Desk", "Kitchen"), receiverEnvironment: desktop.environment)
        #expect(try pair.receiver.run("receiving", "everyone").status == 0)
        let path = try pair.file("c.txt", "c")
        let thread = Thread { _ = try? pair.send(path) }
        thread.start()
        waitUntil("the offer's notification") { desktop.displayed == 1 }
        let lines = try pair.receiver.run("inbox", "pending").stdout.split(separator: "\n").dropFirst()
        let id = String(lines.first?.split(separator: " ").first ?? "")
        #expect(try pair.receiver.run("decline", id).status == 0)
        waitUntil("the notification to close after ferry decline") { desktop.displayed == 0 }
    }

    @Test(arguments: ["notes://item/1", "notes://crash-launch"])
    func aColdLaunchShowsTheLaunchImageUntilItEnds(url: String) throws {
        let desktop = try DesktopSession(pick: "Accept")
        let world = try FerryWorld()
        world.extraEnvironment = desktop.environment
        try TestManagedApp.install(in: world, "com.test.notes", scheme: "notes")
        let image = world.apps + "/com.test.notes.app/Default-notes.png"
        _ = try FerryWorld.runProgram("/usr/bin/convert", ["-size", "48x48", "xc:#2a7", image])
        let opened = try world.run("open", url)
        #expect((opened.status == 0) == !url.contains("crash"), "\(opened.stderr)")
        // Shown while the app launched, and closed once it is active or its launch failed: well
        // before its own 10 s timeout.
        let start = ContinuousClock.now
        waitUntil("the launch image to close") { desktop.displayed == 0 }
        #expect(ContinuousClock.now - start < .seconds(3))
        let history = try desktop.dunstctl("history").stdout
        #expect(history.contains("Opening \(url)"), "\(history)")
        #expect(history.contains("Default-notes.png"), "\(history)")
    }
}
