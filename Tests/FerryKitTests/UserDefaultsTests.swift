import FerryKit
import FerryProtocol
import Foundation
import Testing
import FerryTestSupport

/// FerryKit's UserDefaults over real files: typed getters, writes, the administrator's layers,
/// and values that follow the file when something else changes it.
@Suite struct UserDefaultsTests {
    static func defaults(_ folder: TemporaryFolder) -> FerryKit.UserDefaults {
        FerryKit.UserDefaults(locations: DefaultsLocations(bundleIdentifier: "com.a", container: folder.path + "/c", adminFolder: folder.path + "/admin"))
    }

    @Test func typedGettersConvertAsNSUserDefaultsDoes() throws {
        let folder = try TemporaryFolder()
        let defaults = Self.defaults(folder)
        try defaults.set("42", forKey: "s")
        try defaults.set(3, forKey: "i")
        try defaults.set(true, forKey: "b")
        try defaults.set(2.75, forKey: "d")
        try defaults.set(Data([1, 2]), forKey: "data")
        try defaults.set(.array([.string("x")]), forKey: "a")
        try defaults.set(.dictionary(["k": .integer(1)]), forKey: "m")
        #expect(defaults.string(forKey: "s") == "42" && defaults.integer(forKey: "s") == 42)
        #expect(defaults.integer(forKey: "i") == 3 && defaults.double(forKey: "i") == 3 && defaults.bool(forKey: "i"))
        #expect(defaults.bool(forKey: "b") && defaults.integer(forKey: "b") == 1 && defaults.string(forKey: "b") == nil)
        #expect(defaults.double(forKey: "d") == 2.75 && defaults.integer(forKey: "d") == 2)
        #expect(defaults.data(forKey: "data") == Data([1, 2]))
        #expect(defaults.array(forKey: "a") == [.string("x")] && defaults.dictionary(forKey: "m") == ["k": .integer(1)])
        #expect(defaults.integer(forKey: "none") == 0 && !defaults.bool(forKey: "none") && defaults.object(forKey: "none") == nil)
        try defaults.removeObject(forKey: "s")
        #expect(defaults.string(forKey: "s") == nil)
        #expect(try DefaultsFile.read(folder.path + "/c/Library/Preferences/com.a.plist")?["i"] == .integer(3))
    }

    @Test func aChangeMadeElsewhereIsReadAtOnce() throws {
        let folder = try TemporaryFolder()
        let defaults = Self.defaults(folder)
        try defaults.set("one", forKey: "k")
        #expect(defaults.string(forKey: "k") == "one")
        try DefaultsFile.update(defaults.locations.userDomain) { $0["k"] = .string("two") }
        #expect(defaults.string(forKey: "k") == "two")
    }

    @Test func restrictionsFromTheAdministratorCannotBeOverwritten() throws {
        let folder = try TemporaryFolder()
        let defaults = Self.defaults(folder)
        #expect(defaults.object(forKey: "com.apple.content-rating.AppRating") == nil, "nil: no information")
        try DefaultsFile.write(["com.apple.content-rating.AppRating": .integer(200)], to: defaults.locations.adminGlobalDomain)
        try defaults.set(1000, forKey: "com.apple.content-rating.AppRating")
        #expect(defaults.integer(forKey: "com.apple.content-rating.AppRating") == 200)
        #expect(defaults.objectIsForced(forKey: "com.apple.content-rating.AppRating"))
        #expect(defaults.dictionaryRepresentation()["com.apple.content-rating.AppRating"] == .integer(200))
    }

    @Test func aDamagedDomainIsNotOverwritten() throws {
        let folder = try TemporaryFolder()
        let defaults = Self.defaults(folder)
        try FileManager.default.createDirectory(atPath: folder.path + "/c/Library/Preferences", withIntermediateDirectories: true)
        try "garbage".write(toFile: defaults.locations.userDomain, atomically: true, encoding: .utf8)
        #expect(defaults.string(forKey: "k") == nil)
        #expect(throws: DefaultsError.self) { try defaults.set("v", forKey: "k") }
        #expect(try String(contentsOfFile: defaults.locations.userDomain, encoding: .utf8) == "garbage")
    }
}
