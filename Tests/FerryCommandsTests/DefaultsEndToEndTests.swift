import Foundation
import Testing
import FerryTestSupport

/// `ferry defaults` as a user runs it: the exact output and exit code, the file it leaves.
@Suite(.offThePool) struct DefaultsEndToEndTests {
    static func world() throws -> FerryWorld {
        let world = try FerryWorld()
        try world.addRecorder("com.test.a", schemes: ["aa"])
        world.extraEnvironment["FERRY_ADMIN_DEFAULTS_DIR"] = world.root + "/admin"
        return world
    }

    static func domain(_ world: FerryWorld) -> String {
        world.root + "/data/ferry/Containers/com.test.a/Library/Preferences/com.test.a.plist"
    }

    @Test func writtenValuesReadBackWithTheirTypes() throws {
        let world = try Self.world()
        for words in [["greeting", "hello world"], ["count", "-int", "42"], ["on", "-bool", "YES"], ["ratio", "-float", "1.5"],
                      ["langs", "-array", "en-US", "fr"], ["langs", "-array-add", "de"], ["map", "-dict", "k", "v"], ["neg", "-1"]] {
            let written = try world.run(["defaults", "write", "com.test.a"] + words)
            #expect(written.status == 0 && written.stdout.isEmpty && written.stderr.isEmpty, "\(words): \(written.stderr)")
        }
        #expect(try world.run("defaults", "read", "com.test.a", "greeting").stdout == "hello world\n")
        #expect(try world.run("defaults", "read", "com.test.a", "count").stdout == "42\n")
        #expect(try world.run("defaults", "read", "com.test.a", "on").stdout == "1\n")
        #expect(try world.run("defaults", "read", "com.test.a").stdout == """
            {
                count = 42;
                greeting = "hello world";
                langs =     (
                    "en-US",
                    fr,
                    de
                );
                map =     {
                    k = v;
                };
                neg = "-1";
                on = 1;
                ratio = 1.5;
            }

            """)
        let stored = try PropertyListSerialization.propertyList(from: Data(contentsOf: URL(fileURLWithPath: Self.domain(world))), format: nil)
        #expect((stored as? [String: Any])?["count"] as? Int == 42)
        #expect((stored as? [String: Any])?["on"] as? Bool == true)
    }

    @Test func missingDomainsAndKeysSayWhatIsMissingAndExit1() throws {
        let world = try Self.world()
        let domain = try world.run("defaults", "read", "com.test.a")
        #expect(domain.status == 1 && domain.stderr == "ferry: Domain com.test.a does not exist\n" && domain.stdout.isEmpty)
        #expect(try world.run("defaults", "write", "com.test.a", "k", "v").status == 0)
        let pair = try world.run("defaults", "read", "com.test.a", "nope")
        #expect(pair.status == 1 && pair.stderr == "ferry: The domain/default pair of (com.test.a, nope) does not exist\n")
        let deleteKey = try world.run("defaults", "delete", "com.test.a", "nope")
        #expect(deleteKey.status == 1 && deleteKey.stderr == "ferry: The domain/default pair of (com.test.a, nope) does not exist\n")
        #expect(try world.run("defaults", "delete", "com.test.a", "k").status == 0)
        #expect(!FileManager.default.fileExists(atPath: Self.domain(world)), "an empty domain is removed")
        let deleteDomain = try world.run("defaults", "delete", "com.test.a")
        #expect(deleteDomain.status == 1 && deleteDomain.stderr == "ferry: Domain (com.test.a) not found; defaults have not been changed\n")
        let unknown = try world.run("defaults", "write", "com.nobody.x", "k", "v")
        #expect(unknown.status == 67 && unknown.stderr == "ferry: no app com.nobody.x is installed; see ferry apps\n")
    }

    @Test func badValuesAndDamagedDomainsChangeNothing() throws {
        let world = try Self.world()
        let badInt = try world.run("defaults", "write", "com.test.a", "n", "-int", "many")
        #expect(badInt.status == 64 && badInt.stderr == "ferry: -int needs an integer, not \"many\"\n")
        let badBool = try world.run("defaults", "write", "com.test.a", "b", "-bool", "maybe")
        #expect(badBool.status == 64 && badBool.stderr.contains("-bool needs YES, NO"))
        let badDict = try world.run("defaults", "write", "com.test.a", "d", "-dict", "k")
        #expect(badDict.status == 64)
        #expect(!FileManager.default.fileExists(atPath: Self.domain(world)))
        try FileManager.default.createDirectory(atPath: (Self.domain(world) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "<?xml version=\"1.0\"?><plist><dict><key>k".write(toFile: Self.domain(world), atomically: true, encoding: .utf8)
        let damaged = try world.run("defaults", "write", "com.test.a", "k", "v")
        #expect(damaged.status == 78 && damaged.stderr == "ferry: \(Self.domain(world)) is not a valid property list; fix or remove it; nothing was changed\n")
        #expect(try String(contentsOfFile: Self.domain(world), encoding: .utf8).hasSuffix("<key>k"))
    }

    @Test func theAdministratorsRestrictionsWinOverTheUsers() throws {
        let world = try Self.world()
        let admin = world.root + "/admin"
        try FileManager.default.createDirectory(atPath: admin, withIntermediateDirectories: true)
        let restrictions: [String: Any] = ["com.apple.content-rating.AppRating": 200, "com.apple.content-rating.ExplicitBooksAllowed": false]
        try PropertyListSerialization.data(fromPropertyList: restrictions, format: .xml, options: 0)
            .write(to: URL(fileURLWithPath: admin + "/.GlobalPreferences.plist"))
        let written = try world.run("defaults", "write", "com.test.a", "com.apple.content-rating.AppRating", "-int", "1000")
        #expect(written.status == 0)
        #expect(written.stderr == "ferry: note: \(admin)/.GlobalPreferences.plist sets com.apple.content-rating.AppRating for com.test.a; the app sees that value, not this one\n")
        #expect(try world.run("defaults", "read", "com.test.a", "com.apple.content-rating.AppRating").stdout == "200\n")
        #expect(try world.run("defaults", "read", "com.test.a", "com.apple.content-rating.ExplicitBooksAllowed").stdout == "0\n")
    }
}
