import Foundation
import Testing
import FerryTestSupport

/// `userDefaultsDidChange` with real ferryd and a real app: sent for `ferry defaults write` and
/// the administrator's files, not for the app's own writes.
@Suite(.offThePool, .serialized) struct DefaultsChangeEndToEndTests {
    /// The test app, which records each userDefaultsDidChange with the value of `k` it then reads,
    /// and on a `selfwrite` URL writes its own domain as FerryKit does (ID.plist.tmp-PID, rename).
    static let script = TestManagedApp.script
        .replacingOccurrences(of: "import json, os, socket, sys, time", with: """
            import json, os, plistlib, socket, sys, time
            prefs = os.path.join(os.environ["FERRY_CONTAINER"], "Library", "Preferences")
            domain = os.path.join(prefs, os.environ["FERRY_BUNDLE_ID"] + ".plist")
            def current():
                try:
                    with open(domain, "rb") as f: return plistlib.load(f)
                except FileNotFoundError: return {}
            def selfwrite():
                values = current(); values["mine"] = "x"
                os.makedirs(prefs, exist_ok=True)
                temporary = domain + ".tmp-" + str(os.getpid())
                with open(temporary, "wb") as f: plistlib.dump(values, f)
                os.rename(temporary, domain)
            """)
        .replacingOccurrences(of: #"record(event + (" " + url if event == "open" else ""))"#,
                              with: #"record(event + (" " + url if event == "open" else "") + (" " + str(current().get("k")) if event == "userDefaultsDidChange" else ""))"#)
        .replacingOccurrences(of: #"if event == "open" and "reject" in url: result = False"#,
                              with: #"if event == "open" and "reject" in url: result = False"# + "\n    if event == \"open\" and \"selfwrite\" in url: selfwrite()")

    @Test func outsideChangesReachTheRunningAppAndItsOwnWritesDoNot() throws {
        let world = try FerryWorld()
        world.extraEnvironment["FERRY_LOCALSEND_PORT"] = "off"
        let admin = world.root + "/admin"
        try FileManager.default.createDirectory(atPath: admin, withIntermediateDirectories: true)
        world.extraEnvironment["FERRY_ADMIN_DEFAULTS_DIR"] = admin
        try TestManagedApp.install(in: world, "com.test.d", scheme: "dd")
        let program = world.apps + "/com.test.d.app/app.py"
        try Self.script.write(toFile: program, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program)
        #expect(try world.run("open", "dd://x").status == 0)
        try world.waitUntil("com.test.d", is: "active")
        func changes(_ count: Int) -> [String] {
            var lines: [String] = []
            waitUntil("\(count) userDefaultsDidChange") {
                lines = world.events("com.test.d").filter { $0.hasPrefix("userDefaultsDidChange") }
                return lines.count >= count
            }
            return lines
        }
        #expect(try world.run("defaults", "write", "com.test.d", "k", "one").status == 0)
        #expect(changes(1) == ["userDefaultsDidChange one"])
        #expect(try world.run("open", "dd://selfwrite").status == 0)
        #expect(try world.run("defaults", "write", "com.test.d", "k", "two").status == 0)
        // An echo of the app's own write would come before this one, reading "one".
        #expect(changes(2) == ["userDefaultsDidChange one", "userDefaultsDidChange two"])
        let global = try PropertyListSerialization.data(fromPropertyList: ["com.apple.content-rating.AppRating": 100], format: .xml, options: 0)
        try global.write(to: URL(fileURLWithPath: admin + "/.GlobalPreferences.plist"))
        #expect(changes(3).count == 3)
        #expect(try world.run("defaults", "read", "com.test.d", "mine").stdout == "x\n", "the app's own write landed")
    }

    @Test func aSuspendedAppGetsOneCoalescedChangeBeforeItComesForward() throws {
        let world = try FerryWorld()
        world.extraEnvironment["FERRY_LOCALSEND_PORT"] = "off"
        world.extraEnvironment["FERRY_SUSPEND_AFTER"] = "0.2"
        try TestManagedApp.install(in: world, "com.test.d", scheme: "dd")
        try TestManagedApp.install(in: world, "com.test.b", scheme: "bb")
        let program = world.apps + "/com.test.d.app/app.py"
        try Self.script.write(toFile: program, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program)
        #expect(try world.run("open", "dd://x").status == 0)
        #expect(try world.run("open", "bb://x").status == 0)
        try world.waitUntil("com.test.d", is: "suspended")
        for (index, value) in ["one", "two"].enumerated() {
            #expect(try world.run("defaults", "write", "com.test.d", "k", value).status == 0)
            // ferryd's post of each change is logged; the app, stopped, can record nothing meanwhile.
            waitUntil("ferryd posts change \(index + 1)") {
                world.daemonLog.components(separatedBy: "userDefaultsDidChange").count > index + 1
            }
        }
        #expect(try world.run("open", "dd://y").status == 0)
        let lines = world.events("com.test.d")
        let resumed = Array(lines[(lines.lastIndex(of: "didEnterBackground") ?? 0)...])
        #expect(resumed.filter { $0.hasPrefix("userDefaultsDidChange") } == ["userDefaultsDidChange two"], "\(lines)")
        #expect((resumed.firstIndex(of: "userDefaultsDidChange two") ?? .max) < (resumed.firstIndex(of: "willEnterForeground") ?? -1), "\(lines)")
    }

    @Test func anAdministratorsFolderMadeAfterFerrydStartedCounts() throws {
        let world = try FerryWorld()
        world.extraEnvironment["FERRY_LOCALSEND_PORT"] = "off"
        let admin = world.root + "/etc/ferry/defaults"
        world.extraEnvironment["FERRY_ADMIN_DEFAULTS_DIR"] = admin
        try TestManagedApp.install(in: world, "com.test.d", scheme: "dd")
        let program = world.apps + "/com.test.d.app/app.py"
        try Self.script.write(toFile: program, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program)
        #expect(try world.run("open", "dd://x").status == 0)
        try world.waitUntil("com.test.d", is: "active")
        try FileManager.default.createDirectory(atPath: admin, withIntermediateDirectories: true)
        let global = try PropertyListSerialization.data(fromPropertyList: ["com.apple.content-rating.AppRating": 100], format: .xml, options: 0)
        try global.write(to: URL(fileURLWithPath: admin + "/.GlobalPreferences.plist"))
        waitUntil("userDefaultsDidChange for the new administrator's folder") {
            world.events("com.test.d").contains { $0.hasPrefix("userDefaultsDidChange") }
        }
        #expect(try world.run("defaults", "read", "com.test.d", "com.apple.content-rating.AppRating").stdout == "100\n")
    }
}
