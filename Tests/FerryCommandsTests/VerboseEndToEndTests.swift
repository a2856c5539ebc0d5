import Foundation
import Testing
import FerryTestSupport

/// `-v` adds something real on stderr (issue 29: `ps` and `receiving` took it and said nothing more).
@Suite(.offThePool) struct VerboseEndToEndTests {
    @Test func psNamesEachAppsLogFile() throws {
        let world = try FerryWorld()
        try TestManagedApp.install(in: world, "com.test.a", scheme: "aa")
        #expect(try world.run("open", "aa://x").status == 0)
        let quiet = try world.run("ps")
        #expect(quiet.stderr.isEmpty)
        let verbose = try world.run("ps", "-v")
        #expect(verbose.status == 0)
        #expect(verbose.stdout.hasPrefix("APP"))
        #expect(verbose.stderr.contains("ferry: com.test.a logs to \(world.root)/state/ferry/logs/com.test.a.log\n"), "\(verbose.stderr)")
    }

    @Test func receivingNamesTheTransferPort() throws {
        let world = try FerryWorld()
        world.extraEnvironment = ["FERRY_TRANSFER_PORT": "0", "FERRY_TRANSFER_HOST": "127.0.0.1"]
        #expect(try world.run("receiving").stderr.isEmpty)
        let verbose = try world.run("receiving", "-v")
        #expect(verbose.status == 0)
        let port = try String(contentsOfFile: world.socket + ".transfer-port", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(verbose.stderr == "ferry: ferryd takes Ferry transfers on port \(port) (\(world.socket).transfer-port)\n")
        world.extraEnvironment["FERRY_TRANSFER_PORT"] = "off"
        world.stopDaemon()
        #expect(try world.run("receiving", "-v").stderr.hasPrefix("ferry: ferryd takes no Ferry transfers"))
    }
}
