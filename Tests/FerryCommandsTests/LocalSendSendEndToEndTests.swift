import Foundation
import Testing
import FerryTestSupport

/// `ferry send` to a LocalSend device (issue 29), end to end: two ferryd on 127.0.0.1 only, the
/// receiver seen by the sender through LocalSend alone (`ferry peers add`, no discovery, no
/// multicast). The output ends as a Ferry send's does: the last progress line at 100 %, the file
/// delivered to the device (no app to name), and the summary line.
@Suite(.offThePool, .serialized) struct LocalSendSendEndToEndTests {
    static let loopback = ["FERRY_TRANSFER_PORT": "0", "FERRY_TRANSFER_HOST": "127.0.0.1", "FERRY_TRANSFER_RESERVE": "0",
                           "FERRY_LOCALSEND_PORT": "0", "FERRY_LOCALSEND_HOST": "127.0.0.1"]

    static func world(named name: String) throws -> FerryWorld {
        let world = try FerryWorld()
        world.extraEnvironment = loopback.merging(["FERRY_DEVICE_NAME": name]) { $1 }
        return world
    }

    static func localSendPort(_ world: FerryWorld) throws -> Int {
        var text = ""
        waitUntil("ferryd's LocalSend port file") {
            text = (try? String(contentsOfFile: world.socket + ".localsend-port", encoding: .utf8)) ?? ""
            return !text.isEmpty
        }
        return try #require(Int(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    @Test func aSendEndsWithTheDeliveryTheLastProgressAndTheSummary() throws {
        let receiver = try Self.world(named: "pyls-b"), sender = try Self.world(named: "desk-a")
        let senderFingerprint = String(try sender.run("trust", "self").stdout.prefix(64))
        #expect(try receiver.run("trust", "add", senderFingerprint, "--name", "desk-a").status == 0)
        let added = try sender.run("peers", "add", "127.0.0.1:\(try Self.localSendPort(receiver))")
        #expect(added.status == 0, "\(added.stderr)")
        let file = sender.root + "/b3m.bin"
        try Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: URL(fileURLWithPath: file))

        let sent = try sender.run("send", file, "--to", "pyls-b")
        #expect(sent.status == 0, "\(sent.stdout)\(sent.stderr)")
        let lines = sent.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("delivered b3m.bin to pyls-b"), "\(sent.stdout)")
        #expect(!sent.stdout.contains("  "), "no empty app name: \(sent.stdout)")
        let progress = lines.filter { $0.hasPrefix("sent ") && $0.contains(" of ") }
        #expect(progress.last?.contains("3.0 MB of 3.0 MB (100%)") == true, "\(sent.stdout)")
        #expect(lines.last?.hasPrefix("sent 3.0 MB in ") == true, "the summary line: \(sent.stdout)")
    }
}
