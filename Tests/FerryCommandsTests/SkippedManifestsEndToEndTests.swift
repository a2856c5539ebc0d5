import Foundation
import Testing
import FerryTestSupport

/// Issue 28: a skipped manifest shows where users look (`apps --json`, `schemes`, `open`,
/// `--explain`, `doctor`), and an Xcode source manifest can be installed with `--set`.
@Suite(.offThePool) struct SkippedManifestsEndToEndTests {
    static let source = FerryWorld.repository + "/Tests/FerryCoreTests/Fixtures/realworld/xcode-source.plist"
    static let hint = "a skipped manifest (ddg.plist) claims it: see ferry doctor"

    static func world() throws -> FerryWorld {
        let world = try FerryWorld()
        try FileManager.default.copyItem(atPath: source, toPath: world.apps + "/ddg.plist")
        try world.addRecorder("com.acme.todo", schemes: ["todolist"])
        return world
    }

    @Test func appsJSONListsTheSkippedManifest() throws {
        let world = try Self.world()
        let outcome = try world.run("apps", "--json")
        let listing = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let apps = try #require(listing["apps"] as? [[String: Any]])
        #expect(apps.contains { $0["bundleIdentifier"] as? String == "com.acme.todo" })
        let skipped = try #require(listing["skipped"] as? [[String: String]])
        #expect(skipped.map { $0["path"] } == ["ddg.plist"])
        #expect(skipped.first?["reason"]?.hasPrefix("CFBundleIdentifier: \"$(PRODUCT_BUNDLE_IDENTIFIER)\" is the unexpanded Xcode build setting") == true)
    }

    @Test func schemesAndExplainGiveTheHint() throws {
        let world = try Self.world()
        let schemes = try world.run("schemes")
        let row = schemes.stdout.split(separator: "\n").first { $0.hasPrefix("ddgnewsearch") }
        #expect(row?.hasSuffix(Self.hint) == true, "\(schemes.stdout)")
        let explained = try world.run("open", "--explain", "ddgnewsearch://x")
        #expect(explained.status == 69)
        #expect(explained.stdout.contains("  why:     no installed app claims ddgnewsearch: with a rank above None; \(Self.hint)"), "\(explained.stdout)")
        let asked = try world.run("can-open", "ddgnewsearch://x")
        #expect(asked.status == 1)
        #expect(asked.stdout == "no: no app handles ddgnewsearch:, but \(Self.hint)\n")
    }

    @Test(arguments: [false, true])
    func openSaysASkippedManifestClaimsTheScheme(direct: Bool) throws {
        let world = try Self.world()
        if direct { world.extraEnvironment["FERRY_NO_DAEMON"] = "1" }
        let opened = try world.run("open", "ddgnewsearch://x")
        #expect(opened.status == 69)
        #expect(opened.stderr == "ferry: no app handles ddgnewsearch: URLs, but a skipped manifest (ddg.plist) claims it: see ferry doctor\n")
    }

    @Test func doctorSaysWhatToDoWithAnXcodeManifest() throws {
        let world = try Self.world()
        let folder = (Self.source as NSString).deletingLastPathComponent
        try FileManager.default.copyItem(atPath: folder + "/xcode-preprocessed.plist", toPath: world.apps + "/pre.plist")
        try FileManager.default.copyItem(atPath: folder + "/xcode-no-identifier.plist", toPath: world.apps + "/noid.plist")
        let doctor = try world.run("doctor")
        #expect(doctor.stdout.contains("pre.plist: skipped: line 29 is an Xcode Info.plist preprocessor line (#ifdef DEBUG), which only an "
            + "Xcode build removes: install the Info.plist from the built .app\n  fix: install the Info.plist from the built .app, "
            + "where Xcode has run the preprocessor\n"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("  fix: install the Info.plist from the built .app (Xcode adds the identifier), or add CFBundleIdentifier\n"))
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("ddg.plist: skipped: CFBundleIdentifier: \"$(PRODUCT_BUNDLE_IDENTIFIER)\" is the unexpanded Xcode build setting"))
        #expect(doctor.stdout.contains("  fix: install the Info.plist from the built .app, or ferry install --set NAME=VALUE PATH to give each setting's value"))
    }

    /// `ferry install --set` expands the settings in the installed copy; the source is unchanged.
    @Test func installSetExpandsBuildSettings() throws {
        let world = try FerryWorld()
        let bundle = world.root + "/src/Feeds.app"
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.source, toPath: bundle + "/Info.plist")
        try "#!/bin/sh\nexit 0\n".write(toFile: bundle + "/Feeds", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bundle + "/Feeds")

        let plain = try world.run("install", bundle)
        #expect(plain.status == 78)
        #expect(plain.stderr.contains("ferry install --set PRODUCT_BUNDLE_IDENTIFIER=VALUE PATH"), "\(plain.stderr)")
        let unused = try world.run("install", "--set", "NOPE=1", bundle)
        #expect(unused.status == 64)
        #expect(unused.stderr.contains("--set NOPE: \(bundle)/Info.plist does not name $(NOPE)"), "\(unused.stderr)")

        let settings = ["PRODUCT_BUNDLE_IDENTIFIER=org.example.feeds", "EXECUTABLE_NAME=Feeds", "PRODUCT_NAME=Feeds",
                        "MARKETING_VERSION=1.0", "APP_URL_SCHEME=feeds"]
        let installed = try world.run(["install"] + settings.flatMap { ["--set", $0] } + [bundle])
        #expect(installed.status == 0, "\(installed.stderr)")
        let apps = try #require(try JSONSerialization.jsonObject(with: Data(try world.run("apps", "--json").stdout.utf8)) as? [String: Any])
        let feeds = (apps["apps"] as? [[String: Any]])?.first { $0["bundleIdentifier"] as? String == "org.example.feeds" }
        #expect(feeds?["schemes"] as? [String] == ["ddgnewsearch", "feeds"])
        #expect(feeds?["name"] as? String == "Feeds")
        #expect(try String(contentsOfFile: bundle + "/Info.plist", encoding: .utf8) == String(contentsOfFile: Self.source, encoding: .utf8))
    }
}
