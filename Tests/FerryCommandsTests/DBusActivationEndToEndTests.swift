import Foundation
import Testing
import FerryTestSupport

/// `DBusActivatable=true` desktop entries end to end: the built `ferry`, the ferryd it starts, a
/// private session bus with a services folder, and a real activatable app the bus starts.
@Suite(.offThePool, .enabled(if: DBusActivationBus.missing == nil, Comment(rawValue: DBusActivationBus.missing ?? "")))
struct DBusActivationEndToEndTests {
    let world: FerryWorld
    let bus: DBusActivationBus

    init() throws {
        world = try FerryWorld()
        bus = try DBusActivationBus()
        world.extraEnvironment = ["DBUS_SESSION_BUS_ADDRESS": bus.address, "FERRY_LOCALSEND_PORT": "off",
                                  "FERRY_TRANSFER_PORT": "off", "XDG_ACTIVATION_TOKEN": "", "DESKTOP_STARTUP_ID": ""]
    }

    /// A desktop entry for `name` claiming `scheme`; with `exec`, also an Exec line.
    func addEntry(_ name: String, scheme: String, exec: String? = nil) throws {
        let folder = world.root + "/data/applications"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let execLine = exec.map { "Exec=\($0)\n" } ?? ""
        try "[Desktop Entry]\nType=Application\nName=\(name)\nDBusActivatable=true\n\(execLine)MimeType=x-scheme-handler/\(scheme);\n"
            .write(toFile: folder + "/\(name).desktop", atomically: true, encoding: .utf8)
    }

    @Test func theBusStartsTheAppThenTheRunningAppGetsTheNextURL() throws {
        try addEntry("org.example.Viewer", scheme: "viewer")
        try bus.addService("org.example.Viewer")
        let url = "viewer://host/a%20b?q=1&r=%2F#frag"
        let first = try world.run("open", url)
        #expect(first.status == 0, "\(first.stderr)")
        let opens = bus.received("org.example.Viewer")
        #expect(opens.map(\.uris) == [[url]])
        let pid = try #require(opens.first?.pid)
        #expect(first.stdout == "launched org.example.Viewer.desktop (pid \(pid))\n")

        let second = try world.run("open", "--json", "viewer://second")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("\"outcome\":\"foreground\""), "\(second.stdout)")
        #expect(second.stdout.contains("\"pid\":\(pid)"))
        let third = try world.run("open", "-g", "viewer://third")
        #expect(third.stdout == "opened in org.example.Viewer.desktop in the background (pid \(pid))\n", "\(third.stderr)")
        let all = bus.received("org.example.Viewer", count: 3)
        #expect(all.map(\.uris) == [[url], ["viewer://second"], ["viewer://third"]])
        #expect(all.map(\.pid) == [pid, pid, pid])
    }

    @Test func theCallersActivationTokenGoesInPlatformDataButNotForABackgroundOpen() throws {
        try addEntry("org.example.Viewer", scheme: "viewer")
        try bus.addService("org.example.Viewer")
        world.extraEnvironment["XDG_ACTIVATION_TOKEN"] = "wayland-token-1"
        world.extraEnvironment["DESKTOP_STARTUP_ID"] = "x11-startup-1"
        #expect(try world.run("open", "viewer://1").status == 0)
        world.extraEnvironment["XDG_ACTIVATION_TOKEN"] = ""
        #expect(try world.run("open", "viewer://2").status == 0)
        #expect(try world.run("open", "-g", "viewer://3").status == 0)
        world.extraEnvironment["DESKTOP_STARTUP_ID"] = ""
        #expect(try world.run("open", "viewer://4").status == 0)
        let platforms = bus.received("org.example.Viewer", count: 4).map(\.platform)
        #expect(platforms == [["activation-token": "wayland-token-1", "desktop-startup-id": "wayland-token-1"],
                              ["activation-token": "x11-startup-1", "desktop-startup-id": "x11-startup-1"], [:], [:]])
    }

    /// GIO's own launcher, the reference: `gio open` reaches the same object Ferry derives.
    @Test(.enabled(if: DesktopTools.available, "needs libglib2.0-bin for gio"))
    func gioOpenReachesTheSameAppFerryDoes() throws {
        try addEntry("org.example.Viewer", scheme: "viewer")
        try bus.addService("org.example.Viewer")
        // GIO finds scheme handlers through mimeapps.list (or update-desktop-database's cache).
        try FileManager.default.createDirectory(atPath: world.root + "/config", withIntermediateDirectories: true)
        try "[Default Applications]\nx-scheme-handler/viewer=org.example.Viewer.desktop\n"
            .write(toFile: world.root + "/config/mimeapps.list", atomically: true, encoding: .utf8)
        #expect(try world.run("open", "viewer://from-ferry").status == 0)
        let gio = try world.tool("gio", "open", "viewer://from-gio")
        #expect(gio.status == 0, "\(gio.stderr)")
        let opens = bus.received("org.example.Viewer", count: 2)
        try #require(opens.count == 2)
        #expect(opens.map(\.uris) == [["viewer://from-ferry"], ["viewer://from-gio"]])
        #expect(opens[0].pid == opens[1].pid)
    }

    @Test func dbusWinsOverExecAndFerryWithoutDaemonUsesExec() throws {
        let marker = world.root + "/exec-ran"
        let script = world.root + "/viewer.sh"
        try "#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(marker)'\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        try addEntry("org.example.Both", scheme: "both", exec: "\(script) %u")
        try bus.addService("org.example.Both")
        let opened = try world.run("open", "--wait", "both://over-dbus")
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(opened.stdout.hasPrefix("launched org.example.Both.desktop (pid "))
        #expect(bus.received("org.example.Both").map(\.uris) == [["both://over-dbus"]])
        #expect(!FileManager.default.fileExists(atPath: marker))
        world.extraEnvironment["FERRY_NO_DAEMON"] = "1"
        let direct = try world.run("open", "--wait", "both://by-exec")
        #expect(direct.status == 0, "\(direct.stderr)")
        #expect(try String(contentsOfFile: marker, encoding: .utf8) == "both://by-exec\n")
    }

    @Test func explainAndSchemesNameTheDBusEntry() throws {
        try addEntry("org.example.Viewer", scheme: "viewer")
        let explained = try world.run("open", "--explain", "viewer://x")
        #expect(explained.stdout.contains("rule:    desktop entry"), "\(explained.stdout)")
        #expect(explained.stdout.contains("org.example.Viewer.desktop (desktop entry, D-Bus)"), "\(explained.stdout)")
        let schemes = try world.run("schemes", "--json")
        #expect(schemes.stdout.contains("\"source\" : \"desktop entry, D-Bus\""), "\(schemes.stdout)")
        // No program of its own is no problem: the bus starts it.
        let doctor = try world.run("doctor")
        #expect(!(doctor.stdout + doctor.stderr).contains("org.example.Viewer.desktop"), "\(doctor.stdout)\(doctor.stderr)")
    }

    @Test func noServiceFileIsOneLineAndExit71() throws {
        try addEntry("org.example.Missing", scheme: "missing")
        let opened = try world.run("open", "missing://x")
        #expect(opened.status == 71)
        #expect(opened.stdout == "")
        #expect(opened.stderr == "ferry: org.example.Missing.desktop is DBusActivatable, but no D-Bus service file provides org.example.Missing: install org.example.Missing.service in a dbus-1/services folder, or reinstall the app\n")
    }

    @Test func aServiceFileThatPointsNowhereIsOneLineAndExit71() throws {
        try addEntry("org.example.Nowhere", scheme: "nowhere")
        try bus.addService("org.example.Nowhere", exec: world.root + "/no-such-program")
        let opened = try world.run("open", "nowhere://x")
        #expect(opened.status == 71)
        #expect(opened.stderr.hasPrefix("ferry: the session bus could not start org.example.Nowhere.desktop (org.example.Nowhere): "), "\(opened.stderr)")
        #expect(opened.stderr.hasSuffix("; check the Exec line of org.example.Nowhere.service\n"))
        #expect(opened.stderr.split(separator: "\n").count == 1)
    }

    @Test func anAppThatNeverAnswersIsBoundedByTheTimeout() throws {
        try addEntry("org.example.Hung", scheme: "hung")
        try bus.addService("org.example.Hung", mode: .hang)
        world.extraEnvironment["FERRY_DBUS_OPEN_TIMEOUT"] = "1.5"
        let started = ContinuousClock.now
        let opened = try world.run("open", "hung://x")
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(opened.status == 75)
        #expect(opened.stderr == "ferry: org.example.Hung.desktop (org.example.Hung) did not answer Open for hung://x within 1.5 s; it may be hung\n")
    }

    @Test func aHungDBusAppDoesNotHoldUpAnotherAppComingForward() throws {
        try addEntry("org.example.Hung", scheme: "hung")
        try bus.addService("org.example.Hung", mode: .hang)
        try TestManagedApp.install(in: world, "com.acme.managed", scheme: "managed")
        world.extraEnvironment["FERRY_DBUS_OPEN_TIMEOUT"] = "20"
        let hung = Process()
        hung.executableURL = URL(fileURLWithPath: FerryWorld.binary)
        hung.arguments = ["open", "hung://x"]
        hung.environment = world.environment
        hung.standardOutput = FileHandle.nullDevice
        hung.standardError = FileHandle.nullDevice
        try hung.run()
        defer { kill(hung.processIdentifier, SIGKILL); hung.waitUntilExit() }
        // The bus started the app: ferryd's Open to it is in flight.
        #expect(waitUntil("the hung app to start") { FileManager.default.fileExists(atPath: bus.directory + "/org.example.Hung.pid") })
        let started = ContinuousClock.now
        let opened = try world.run("open", "managed://1")
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(hung.isRunning)
    }

    @Test func anOpenErrorIsOneLineAndExit75() throws {
        try addEntry("org.example.Picky", scheme: "picky")
        try bus.addService("org.example.Picky", mode: .refuse)
        let opened = try world.run("open", "picky://x")
        #expect(opened.status == 75)
        #expect(opened.stderr == "ferry: org.example.Picky.desktop (org.example.Picky) refused Open for picky://x: will not open that (org.example.Error.Refused)\n")
    }

    @Test func aFerrydWithoutASessionBusSaysSoWithExit71() throws {
        try addEntry("org.example.Viewer", scheme: "viewer")
        world.extraEnvironment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(world.root)/no-bus"
        let opened = try world.run("open", "viewer://x")
        #expect(opened.status == 71)
        #expect(opened.stderr == "ferry: org.example.Viewer.desktop is started over D-Bus, but ferryd reaches no session bus: "
                + "cannot connect to the session bus at unix:path=\(world.root)/no-bus: No such file or directory; "
                + "run ferryd inside your desktop session (DBUS_SESSION_BUS_ADDRESS)\n")
    }

    @Test func withoutFerrydAnEntryWithoutExecCannotStart() throws {
        try addEntry("org.example.Viewer", scheme: "viewer")
        world.extraEnvironment["FERRY_NO_DAEMON"] = "1"
        let opened = try world.run("open", "viewer://x")
        #expect(opened.status == 76)
        #expect(opened.stderr == "ferry: org.example.Viewer.desktop is started over D-Bus and has no Exec line, so it needs ferryd, which is not available\n")
    }
}
