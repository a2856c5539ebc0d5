import Foundation
import Testing
import FerryTestSupport

/// What the built binaries link, read from their symbols: SwiftPM links every object file of a
/// target's dependencies, so a dependency edge in Package.swift is weight (and start-up work) in
/// every binary above it. The crypto stack belongs to ferryd alone, and a managed app (FerryKit)
/// links FerryProtocol, not the registry (issue 14).
@Suite(.offThePool) struct LinkedModulesTests {
    static func binary(_ name: String) -> String {
        URL(fileURLWithPath: FerryWorld.binary).deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// The markers of a module's code: Swift's mangled module name, or BoringSSL's C prefix.
    static let crypto = ["CCryptoBoringSSL", "s6Crypto", "12CryptoExtras", "9SwiftASN1"]
    static let registry = ["9FerryCore"]

    static func linked(_ markers: [String], in path: String) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        return markers.filter { data.range(of: Data($0.utf8)) != nil }
    }

    @Test func ferryLinksNoCrypto() throws {
        #expect(try Self.linked(Self.crypto, in: Self.binary("ferry")) == [])
        #expect(try Self.linked(Self.registry, in: Self.binary("ferry")) == Self.registry, "the markers find a module that is linked")
    }

    @Test func aManagedAppLinksNeitherTheRegistryNorCrypto() throws {
        #expect(try Self.linked(Self.crypto + Self.registry, in: Self.binary("todo-managed")) == [])
    }

    @Test func ferrydLinksTheKeys() throws {
        #expect(try Self.linked(Self.crypto, in: Self.binary("ferryd")) == Self.crypto, "the markers find the crypto stack where it is")
    }
}
