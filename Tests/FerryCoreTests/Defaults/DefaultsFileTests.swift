import FerryCore
import Foundation
import Testing
import FerryTestSupport

/// Domain files and the administrator's layers over the user's.
@Suite struct DefaultsFileTests {
    @Test func aMissingDomainIsNilAndAnEmptyOneIsRemoved() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/Library/Preferences/com.a.plist"
        #expect(try DefaultsFile.read(path) == nil)
        try DefaultsFile.update(path) { $0["k"] = .string("v") }
        #expect(try DefaultsFile.read(path) == ["k": .string("v")])
        #expect(try folder.mode("Library/Preferences") == 0o700)
        try DefaultsFile.update(path) { $0["k"] = nil }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aDamagedDomainIsNamedAndLeftAsItIs() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/com.a.plist"
        try "not a plist".write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            try DefaultsFile.update(path) { $0["k"] = .integer(1) }
        } throws: { error in
            (error as? DefaultsError)?.code == .notAPropertyList && "\(error)".contains(path)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "not a plist")
    }

    @Test func aRootThatIsNotADictionaryIsRefused() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/com.a.plist"
        try FileManager.default.createFile(atPath: path, contents: Data(PropertyListValue.array([]).xmlDocument()))
        #expect(throws: DefaultsError.self) { try DefaultsFile.read(path) }
    }

    @Test func theAdministratorsDomainsWinAppFirst() throws {
        let folder = try TemporaryFolder()
        let locations = DefaultsLocations(bundleIdentifier: "com.a", container: folder.path + "/c", adminFolder: folder.path + "/admin")
        try DefaultsFile.write(["rating": .integer(1000), "mine": .string("u"), "both": .string("user")], to: locations.userDomain)
        try DefaultsFile.write(["rating": .integer(200), "both": .string("global")], to: locations.adminGlobalDomain)
        try DefaultsFile.write(["both": .string("app")], to: locations.adminDomain)
        let layers = try DefaultsLayers.read(locations)
        #expect(layers["rating"] == .integer(200))
        #expect(layers["both"] == .string("app"))
        #expect(layers["mine"] == .string("u"))
        #expect(layers.isForced("rating") && !layers.isForced("mine"))
        #expect(layers.merged.count == 3)
    }

    @Test func theAdministratorsFolderComesFromTheEnvironment() {
        #expect(DefaultsLocations.adminFolder(environment: [:]) == "/etc/ferry/defaults")
        #expect(DefaultsLocations.adminFolder(environment: ["FERRY_ADMIN_DEFAULTS_DIR": "/x/y"]) == "/x/y")
        #expect(DefaultsLocations.adminFolder(environment: ["FERRY_ADMIN_DEFAULTS_DIR": "relative"]) == "/etc/ferry/defaults")
        #expect(DefaultsLocations(bundleIdentifier: "com.a", container: "/c").userDomain == "/c/Library/Preferences/com.a.plist")
    }
}
