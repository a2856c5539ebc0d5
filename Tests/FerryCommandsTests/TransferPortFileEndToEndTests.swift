import Foundation
import Testing
import FerryTestSupport

/// `<socket>.transfer-port` belongs to the ferryd that wrote it: a second start, which finds that
/// daemon holding the lock and exits, must leave the file alone.
@Suite(.offThePool, .serialized) struct TransferPortFileEndToEndTests {
    @Test func aFailedSecondStartKeepsTheRunningDaemonsPortFile() throws {
        let world = try FerryWorld()
        world.extraEnvironment = ["FERRY_TRANSFER_PORT": "0", "FERRY_TRANSFER_HOST": "127.0.0.1", "FERRY_TRANSFER_RESERVE": "0"]
        #expect(try world.run("ps").status == 0)
        let portFile = world.socket + ".transfer-port"
        waitUntil("ferryd's port file \(portFile)") { FileManager.default.fileExists(atPath: portFile) }
        let port = try String(contentsOfFile: portFile, encoding: .utf8)
        let second = try world.run("daemon")
        #expect(second.status != 0, "a second ferryd ran: \(second.stderr)")
        #expect(try String(contentsOfFile: portFile, encoding: .utf8) == port)
        // The daemon that wrote it removes it when it stops.
        world.stopDaemon()
        #expect(!FileManager.default.fileExists(atPath: portFile))
    }
}
