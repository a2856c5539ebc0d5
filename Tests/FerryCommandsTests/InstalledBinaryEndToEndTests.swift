import Foundation
import Testing
import FerryTestSupport

/// `ferry` copied into `PREFIX/bin`, away from the build folder, without FERRY_SCHEMES_DIR.
@Suite(.offThePool) struct InstalledBinaryEndToEndTests {
    @Test func aCopiedFerryStillKnowsTheBuiltInSchemes() throws {
        let world = try FerryWorld()
        let bin = world.root + "/prefix/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: FerryWorld.binary, toPath: bin + "/ferry")
        var environment = world.environment
        environment.removeValue(forKey: "FERRY_SCHEMES_DIR")
        environment["FERRY_NO_DAEMON"] = "1"
        let outcome = try FerryWorld.runProgram(bin + "/ferry", ["can-open", "https://example.com"], environment: environment)
        #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stdout == "yes: org.ferry.system.web handles https:\n")
    }
}
