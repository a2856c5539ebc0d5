import FerryCore
import Foundation
import Logging
import Testing

@testable import FerryDaemon

/// ferryd's registry reads forget the vendor of an uninstalled app, but never on a read that may
/// have missed an app: one that skipped a manifest, or one taken while `ferry install` replaces a bundle.
@Suite struct RegistryServiceVendorsTests {
    typealias Home = RegistryServiceTests.Home

    static func setUp() throws -> (Home, RegistryService, VendorIdentifiers) {
        let home = Home()
        try home.install("org.other.tool", scheme: "tool")
        let store = VendorIdentifiers(paths: home.paths)
        _ = try store.identifier(forVendor: "com.acme")
        _ = try store.identifier(forVendor: "org.other")
        return (home, RegistryService(paths: home.paths, logger: Logger(label: "test")), store)
    }

    @Test func aCleanReadForgetsVendorsWithNoAppLeft() throws {
        let (home, service, store) = try Self.setUp()
        service.forgetUninstalledVendors(Registry(paths: home.paths))
        #expect(store.existingIdentifier(forVendor: "com.acme") == nil)
        #expect(store.existingIdentifier(forVendor: "org.other") != nil)
    }

    @Test func aReadThatSkippedAManifestForgetsNothing() throws {
        let (home, service, store) = try Self.setUp()
        let broken = home.paths.userApps + "/half.app"
        try FileManager.default.createDirectory(atPath: broken, withIntermediateDirectories: true)
        try "<?xml version=\"1.0\"?><plist><dict>".write(toFile: broken + "/Info.plist", atomically: true, encoding: .utf8)
        service.forgetUninstalledVendors(Registry(paths: home.paths))
        #expect(store.existingIdentifier(forVendor: "com.acme") != nil)
    }

    @Test func aReadDuringAnInstallForgetsNothing() throws {
        let (home, service, store) = try Self.setUp()
        try FileManager.default.createDirectory(atPath: home.paths.userApps + "/.installing-42-one.app", withIntermediateDirectories: true)
        service.forgetUninstalledVendors(Registry(paths: home.paths))
        #expect(store.existingIdentifier(forVendor: "com.acme") != nil)
    }
}
