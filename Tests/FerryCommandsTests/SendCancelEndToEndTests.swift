import Foundation
import Testing
import FerryTestSupport

/// A `ferry send` killed halfway: ferryd must stop that transfer, give the offer up on the receiver,
/// and let the next send resume. Two real ferryd on loopback, real TLS.
@Suite(.offThePool, .serialized) struct SendCancelEndToEndTests {
    static func stagedBytes(_ pair: SendEndToEndTests.Pair) -> Int {
        let staging = pair.receiver.root + "/data/ferry/transfer/staging"
        return ((try? FileManager.default.contentsOfDirectory(atPath: staging)) ?? []).reduce(0) { total, name in
            total + ((try? FileManager.default.attributesOfItem(atPath: staging + "/" + name)[.size] as? Int) ?? 0)
        }
    }

    @Test func killingFerrySendStopsTheTransferAndTheNextSendResumes() throws {
        let pair = try SendEndToEndTests.Pair()
        try pair.trustSender()
        let path = pair.sender.root + "/big.bin"
        let size = 256 << 20
        SendEndToEndTests.writeRandomFile(at: path, size: size)
        #expect(try pair.sender.run("ps").status == 0)  // the sender's ferryd runs before the send starts
        let sender = Process()
        sender.executableURL = URL(fileURLWithPath: FerryWorld.binary)
        sender.arguments = ["send", path, "--json", "--to", "127.0.0.1:\(pair.port)", "--fingerprint", pair.receiverFingerprint]
        sender.environment = pair.sender.environment
        sender.standardOutput = FileHandle.nullDevice
        sender.standardError = FileHandle.nullDevice
        try sender.run()
        waitUntil("an eighth of big.bin staged at the receiver") { Self.stagedBytes(pair) >= size / 8 }
        kill(sender.processIdentifier, SIGKILL)
        sender.waitUntilExit()
        let inbox = pair.receiver.root + "/data/ferry/Containers/org.ferry.system.files/Documents/Inbox/big.bin"
        // ferryd stops sending: what the receiver has no longer grows, and nothing is delivered.
        // Stopping is seen as nothing happening: bytes in flight land in 0.5 s, then 1.5 s of no growth.
        usleep(500_000)
        let stopped = Self.stagedBytes(pair)
        usleep(1_500_000)
        #expect(Self.stagedBytes(pair) == stopped, "the transfer went on after ferry send was killed")
        #expect(stopped < size)
        #expect(!FileManager.default.fileExists(atPath: inbox))
        // The next send resumes from what the receiver kept, and delivers the whole file.
        let second = try pair.send(path, "--json")
        #expect(second.status == 0, "\(second.stderr)")
        let accepted = second.stdout.split(separator: "\n").first { $0.contains("\"accepted\"") }.map(String.init) ?? ""
        let resumed = accepted.components(separatedBy: "\"bytes\":").dropFirst().first.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
        #expect(resumed >= size / 8, "\(accepted)")
        #expect(FileManager.default.contents(atPath: inbox) == FileManager.default.contents(atPath: path))
        let log = (try? String(contentsOfFile: pair.receiver.root + "/state/ferry/ferryd.log", encoding: .utf8)) ?? ""
        #expect(!log.contains("offers open here"), "\(log.suffix(2000))")
    }
}
