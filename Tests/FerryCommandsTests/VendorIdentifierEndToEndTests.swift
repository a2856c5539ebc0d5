import Foundation
import Testing
import FerryTestSupport

/// identifierForVendor with real ferryd and real app processes: shared by a vendor's apps,
/// different across vendors, new once the vendor's last app is uninstalled (by `ferry uninstall`
/// with or without ferryd, or by removing the bundle while ferryd runs), never in `ferry apps`.
@Suite(.offThePool, .serialized) struct VendorIdentifierEndToEndTests {
    /// The test app, recording the welcome's identifierForVendor as its first event line.
    static func install(_ world: FerryWorld, _ identifier: String, scheme: String, vendorKey: String? = nil) throws {
        try TestManagedApp.install(in: world, identifier, scheme: scheme)
        let bundle = world.apps + "/\(identifier).app"
        let script = TestManagedApp.script.replacingOccurrences(
            of: #"assert json.loads(f.readline())["type"] == "welcome""#,
            with: #"welcome = json.loads(f.readline()); assert welcome["type"] == "welcome"; record("vendor " + str(welcome.get("identifierForVendor")))"#)
        try script.write(toFile: bundle + "/app.py", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bundle + "/app.py")
        guard let vendorKey else { return }
        let url = URL(fileURLWithPath: bundle + "/Info.plist")
        var plist = try #require(PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil) as? [String: Any])
        plist["FerryVendorIdentifier"] = vendorKey
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0).write(to: url)
    }

    static func world() throws -> FerryWorld {
        let world = try FerryWorld()
        world.extraEnvironment["FERRY_LOCALSEND_PORT"] = "off"
        return world
    }

    /// Opens the app's URL and returns the identifier its `launch`-th process was welcomed with.
    static func vendor(_ world: FerryWorld, _ identifier: String, scheme: String, launch: Int = 1,
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let opened = try world.run("open", "\(scheme)://x")
        #expect(opened.status == 0, "\(opened.stderr)", sourceLocation: sourceLocation)
        var lines: [String] = []
        waitUntil("launch \(launch) of \(identifier)", sourceLocation: sourceLocation) {
            lines = world.events(identifier).filter { $0.hasPrefix("vendor ") }
            return lines.count >= launch
        }
        return String(lines.last?.dropFirst("vendor ".count) ?? "")
    }

    static func quit(_ world: FerryWorld, _ identifier: String) throws {
        #expect(try world.run("quit", identifier).status == 0)
        try world.waitUntil(identifier, is: "not-running")
    }

    @Test func aVendorsAppsShareOneIdentifierThatAppsDoesNotShow() throws {
        let world = try Self.world()
        try Self.install(world, "com.acme.one", scheme: "one")
        try Self.install(world, "com.acme.two", scheme: "two")
        try Self.install(world, "org.other.three", scheme: "three")
        try Self.install(world, "net.partner.four", scheme: "four", vendorKey: "com.acme")
        let one = try Self.vendor(world, "com.acme.one", scheme: "one")
        #expect(UUID(uuidString: one) != nil, "\(one)")
        #expect(try Self.vendor(world, "com.acme.two", scheme: "two") == one)
        #expect(try Self.vendor(world, "net.partner.four", scheme: "four") == one)
        let three = try Self.vendor(world, "org.other.three", scheme: "three")
        #expect(UUID(uuidString: three) != nil && three != one)
        let apps = try world.run("apps", "--json")
        #expect(apps.status == 0 && apps.stdout.contains("com.acme.one"))
        #expect(!apps.stdout.contains(one) && !apps.stdout.contains(three) && !apps.stdout.contains("identifierForVendor"))
    }

    @Test func uninstallingTheVendorsLastAppGivesTheNextOneANewIdentifier() throws {
        let world = try Self.world()
        try Self.install(world, "com.acme.one", scheme: "one")
        try Self.install(world, "com.acme.two", scheme: "two")
        let first = try Self.vendor(world, "com.acme.one", scheme: "one")
        try Self.quit(world, "com.acme.one")
        #expect(try world.run("uninstall", "com.acme.one").status == 0)
        #expect(try Self.vendor(world, "com.acme.two", scheme: "two") == first, "another app of the vendor is still installed")
        try Self.quit(world, "com.acme.two")
        // Without ferryd: ferry uninstall itself forgets the vendor.
        world.stopDaemon()
        #expect(try world.run("uninstall", "com.acme.two").status == 0)
        try Self.install(world, "com.acme.one", scheme: "one")
        let second = try Self.vendor(world, "com.acme.one", scheme: "one", launch: 2)
        #expect(UUID(uuidString: second) != nil && second != first)
    }

    @Test func removingTheBundleWhileFerrydRunsCountsAsUninstalling() throws {
        let world = try Self.world()
        try Self.install(world, "com.acme.one", scheme: "one")
        try Self.install(world, "org.other.three", scheme: "three")
        let first = try Self.vendor(world, "com.acme.one", scheme: "one")
        let other = try Self.vendor(world, "org.other.three", scheme: "three")
        try Self.quit(world, "com.acme.one")
        try FileManager.default.removeItem(atPath: world.apps + "/com.acme.one.app")
        let store = world.root + "/data/ferry/vendors.plist"
        waitUntil("ferryd forgets com.acme") {
            !((try? String(contentsOfFile: store, encoding: .utf8)) ?? "").contains("<key>com.acme</key>")
        }
        try Self.install(world, "com.acme.one", scheme: "one")
        let second = try Self.vendor(world, "com.acme.one", scheme: "one", launch: 2)
        #expect(second != first && UUID(uuidString: second) != nil)
        try Self.quit(world, "org.other.three")
        #expect(try Self.vendor(world, "org.other.three", scheme: "three", launch: 2) == other)
    }
}
