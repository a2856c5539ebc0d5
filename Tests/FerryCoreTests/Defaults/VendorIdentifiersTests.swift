import FerryCore
import Foundation
import Testing
import FerryTestSupport

@Suite struct VendorIdentifiersTests {
    static func manifest(_ identifier: String, vendor: PropertyListValue? = nil) throws -> Manifest {
        var keys: [String: PropertyListValue] = ["CFBundleIdentifier": .string(identifier), "CFBundleExecutable": .string("x")]
        keys[VendorIdentifiers.manifestKey] = vendor
        return try ManifestLoader.parse(Data(PropertyListValue.dictionary(keys).xmlDocument()), displayPath: "x").get()
    }

    @Test(arguments: [
        ("com.acme.notes", nil, "com.acme"), ("com.acme.suite.notes", nil, "com.acme.suite"),
        ("org.x.tool", PropertyListValue.string("com.acme"), "com.acme"), ("org.x.tool", .string(" "), "org.x"),
        ("org.x.tool", .integer(3), "org.x"),
    ])
    func theVendorIsTheIdentifierWithoutItsLastPartUnlessNamed(_ identifier: String, _ key: PropertyListValue?, _ vendor: String) throws {
        #expect(VendorIdentifiers.vendor(of: try Self.manifest(identifier, vendor: key)) == vendor)
    }

    @Test func oneVendorOneIdentifierUntilItsLastAppGoes() throws {
        let folder = try TemporaryFolder()
        let store = VendorIdentifiers(file: folder.path + "/ferry/vendors.plist")
        let acme = try store.identifier(forVendor: "com.acme")
        #expect(UUID(uuidString: acme) != nil)
        #expect(try store.identifier(forVendor: "com.acme") == acme)
        let other = try store.identifier(forVendor: "org.x")
        #expect(other != acme)
        #expect(try store.forget(allBut: [Self.manifest("org.x.tool")]) == ["com.acme"])
        #expect(store.existingIdentifier(forVendor: "com.acme") == nil)
        #expect(try store.identifier(forVendor: "com.acme") != acme)
        #expect(try store.identifier(forVendor: "org.x") == other)
        #expect(try folder.mode("ferry") == 0o700)
    }

    @Test func uninstallForgetsOnlyAVendorWithNoAppLeft() throws {
        let folder = try TemporaryFolder()
        let store = VendorIdentifiers(file: folder.path + "/vendors.plist")
        let acme = try store.identifier(forVendor: "com.acme")
        #expect(try !store.forget("com.acme", unlessAnyOf: [Self.manifest("com.acme.two")]))
        #expect(store.existingIdentifier(forVendor: "com.acme") == acme)
        #expect(try store.forget("com.acme", unlessAnyOf: [Self.manifest("org.x.tool")]))
        #expect(store.existingIdentifier(forVendor: "com.acme") == nil)
        #expect(try !store.forget("com.acme", unlessAnyOf: []))
    }
}
