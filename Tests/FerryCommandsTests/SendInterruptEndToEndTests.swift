import Foundation
import Testing
import FerryTestSupport

/// Ctrl-C and SIGTERM during `ferry send`: the transfer is cancelled, one line says what was and was
/// not delivered, and ferry exits 130. Two real ferryd on loopback, real TLS.
@Suite(.offThePool, .serialized) struct SendInterruptEndToEndTests {
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalCancelsTheSendWithOneLineAndExit130(_ number: Int32) throws {
        let pair = try SendEndToEndTests.Pair()
        try pair.trustSender()
        let path = pair.sender.root + "/big.bin"
        let size = 256 << 20
        SendEndToEndTests.writeRandomFile(at: path, size: size)
        #expect(try pair.sender.run("ps").status == 0)  // the sender's ferryd runs before the send starts
        let sender = Process()
        sender.executableURL = URL(fileURLWithPath: FerryWorld.binary)
        sender.arguments = ["send", path, "--to", "127.0.0.1:\(pair.port)", "--fingerprint", pair.receiverFingerprint]
        sender.environment = pair.sender.environment
        let err = Pipe()
        // Its "accepted" line: the signal must come once ferry itself knows, not only the receiver.
        let out = pair.sender.root + "/send.out"
        FileManager.default.createFile(atPath: out, contents: nil)
        sender.standardOutput = FileHandle(forWritingAtPath: out)
        sender.standardError = err
        try sender.run()
        // Up to 60 s: under a loaded suite 8 s passed before ferry printed its acceptance, and the
        // signal then came too early for the line this test is about.
        waitUntil("the send under way and accepted", within: .seconds(60)) {
            SendCancelEndToEndTests.stagedBytes(pair) >= size / 8
                && ((try? String(contentsOfFile: out, encoding: .utf8)) ?? "").contains("accepted\n")
        }
        kill(sender.processIdentifier, number)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        sender.waitUntilExit()
        #expect(sender.terminationReason == .exit)
        #expect(sender.terminationStatus == 130)
        #expect(stderr.split(separator: "\n").count == 1, "\(stderr)")
        #expect(stderr.hasPrefix("ferry: cancelled; nothing was delivered: "), "\(stderr)")
        // Stopping is seen as nothing happening: bytes in flight land in 0.5 s, then 1.5 s of no growth.
        usleep(500_000)
        let stopped = SendCancelEndToEndTests.stagedBytes(pair)
        usleep(1_500_000)
        #expect(SendCancelEndToEndTests.stagedBytes(pair) == stopped, "the transfer went on after ferry send was interrupted")
        #expect(!FileManager.default.fileExists(atPath: pair.receiver.root + "/data/ferry/Containers/org.ferry.system.files/Documents/Inbox/big.bin"))
    }
}
