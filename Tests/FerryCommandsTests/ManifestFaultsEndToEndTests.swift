import Foundation
import Testing
import FerryTestSupport

/// Faulty and hostile manifests as a user meets them, through the built `ferry` binary.
@Suite(.offThePool) struct ManifestFaultsEndToEndTests {
    /// Issue 13 §3: an Xcode leftover in one scheme drops that scheme; the app and its other
    /// scheme keep working, and every listing says what was dropped.
    @Test func aDroppedSchemeIsShownAndTheRestWorks() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.acme.todo", schemes: ["todolist", "$(PRODUCT_BUNDLE_IDENTIFIER)"])
        let line = "CFBundleURLTypes[0].CFBundleURLSchemes[1]: \"$(PRODUCT_BUNDLE_IDENTIFIER)\" is the unexpanded Xcode build setting "
            + "PRODUCT_BUNDLE_IDENTIFIER; install the Info.plist from the built .app, or give the value: "
            + "ferry install --set PRODUCT_BUNDLE_IDENTIFIER=VALUE PATH; the scheme is dropped"

        let json = try world.run("apps", "--json")
        let apps = (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["apps"] as? [[String: Any]]
        let todo = apps?.first { $0["bundleIdentifier"] as? String == "com.acme.todo" }
        #expect(todo?["schemes"] as? [String] == ["todolist"])
        #expect(todo?["droppedEntries"] as? [String] == [line])
        let web = apps?.first { $0["bundleIdentifier"] as? String == "org.ferry.system.web" }
        #expect(web?["droppedEntries"] as? [String] == [])

        let listing = try world.run("apps")
        #expect(listing.status == 0)
        #expect(listing.stderr == "ferry: com.acme.todo.app/Info.plist: \(line)\n")

        let doctor = try world.run("doctor")
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("com.acme.todo.app/Info.plist: \(line)\n  fix: correct that entry; the rest of the app is used"))

        #expect(try world.run("open", "--wait", "todolist://x").status == 0)
        #expect(world.received("com.acme.todo") == ["todolist://x"])
    }

    /// Issue 19: 200,000 `<array >` tags once overflowed the stack of `ferry apps`.
    @Test func aHostileManifestIsOneLineNotACrash() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.acme.todo", schemes: ["todolist"])
        let deep = "<plist><dict><key>CFBundleIdentifier</key><string>com.a.b</string><key>X</key>"
            + String(repeating: "<array >", count: 200_000)
        try Data(deep.utf8).write(to: URL(fileURLWithPath: world.apps + "/deep.plist"))
        let listing = try world.run("apps")
        #expect(listing.status == 0)
        #expect(listing.stdout.contains("com.acme.todo"))
        #expect(listing.stderr == "ferry: skipped deep.plist: nests 200002 levels deep; at most 512 are allowed\n")
    }

    /// Issue 19: `CFBundleExecutable` `../../../../bin/echo` is refused before anything runs.
    @Test func anExecutableOutsideTheBundleIsRefused() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.acme.escape", schemes: ["escape"], extra: ["CFBundleExecutable": "../../../../bin/echo"])
        let opened = try world.run("open", "--wait", "escape://x")
        #expect(opened.status != 0)
        #expect(!opened.stdout.contains("escape://x"))
        let listing = try world.run("apps")
        #expect(listing.stderr.contains(
            "ferry: skipped com.acme.escape.app/Info.plist: CFBundleExecutable: \"../../../../bin/echo\" leaves the bundle; name a program inside it\n"))
    }

    /// A manifest's name is anyone's bytes: `ferry apps` must not pass its escape sequences to
    /// the terminal, nor a diagnostic its newlines.
    @Test func manifestBytesCannotDriveTheTerminal() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.acme.evil", schemes: ["evil"], extra: ["CFBundleName": "Evil\u{1B}[2J\u{1B}]0;owned\u{7}"])
        try world.addRecorder("com.acme.bad", schemes: ["bad"], extra: ["CFBundleVersion": 3, "CFBundleExecutable": "a\nb"])
        let listing = try world.run("apps")
        #expect(listing.stdout.contains("Evil\\u{1B}[2J\\u{1B}]0;owned\\u{7}"))
        #expect(!listing.stdout.contains("\u{1B}"))
        #expect(!listing.stderr.contains("\u{1B}"))
        #expect(listing.stderr.split(separator: "\n").count == 1)
    }
}
