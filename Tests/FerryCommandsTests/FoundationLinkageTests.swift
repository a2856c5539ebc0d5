import Foundation
import Testing
import FerryTestSupport

/// Neither binary links full Foundation: it brings ICU (lib_FoundationICU, a 34 MB data table),
/// FoundationInternationalization and FoundationNetworking, which were most of ferryd's size
/// (issue 26). FoundationEssentials is what Ferry uses; a file that writes `import Foundation`
/// again makes this fail. Read from the dynamic loader's view of the test build, where the Swift
/// libraries are shared; a release build links the same modules statically.
@Suite struct FoundationLinkageTests {
    /// The libraries that mean full Foundation or ICU is linked.
    static let heavy = ["libFoundation.so", "libFoundationInternationalization.so", "libFoundationNetworking.so",
                        "libFoundationXML.so", "lib_FoundationICU.so"]

    /// The file names of the shared libraries `ldd` resolves for `binary`, transitively.
    static func loadedLibraries(_ binary: String) throws -> [String] {
        let listed = try FerryWorld.runProgram("/usr/bin/ldd", [binary])
        try #require(listed.status == 0, "ldd \(binary): \(listed.stderr)")
        return listed.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd"), "needs ldd"),
          arguments: ["ferry", "ferryd"])
    func linksNeitherFoundationNorICU(_ name: String) throws {
        let binary = LinkedModulesTests.binary(name)
        let libraries = try Self.loadedLibraries(binary)
        #expect(libraries.filter(Self.heavy.contains) == [], "\(binary) links full Foundation: \(libraries)")
        #expect(!libraries.isEmpty, "ldd lists what \(binary) loads")
    }
}
