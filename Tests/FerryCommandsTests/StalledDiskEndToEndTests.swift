import Foundation
import Testing
import FerryTestSupport

/// Issue 13: a disk that stalls the staging writes of incoming transfers must not delay `ferry
/// open` through the same ferryd. The stall is real: each upload's partial file is a FIFO that the
/// test holds open and does not read, so ferryd's write(2) blocks once the pipe is full.
@Suite(.offThePool, .serialized) struct StalledDiskEndToEndTests {
    /// The partial file's name in ferryd's staging area (StagingArea.partialName): a file over
    /// 16 MiB is offered without its hash.
    static func partialName(sender: String, size: Int, path: String, id: String) throws -> String {
        let hasher = Process()
        hasher.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        let input = Pipe(), output = Pipe()
        hasher.standardInput = input
        hasher.standardOutput = output
        try hasher.run()
        input.fileHandleForWriting.write(Data("\(sender):trailer:\(size):\(path):\(id)".utf8))
        try input.fileHandleForWriting.close()
        let digest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        hasher.waitUntilExit()
        return String(digest.prefix(32)) + ".part"
    }

    @Test func aStalledStagingWriteDoesNotDelayFerryOpen() throws {
        let pair = try SendEndToEndTests.Pair()
        try pair.trustSender()
        try pair.receiver.addRecorder("com.acme.todo", schemes: ["todolist"])
        let staging = pair.receiver.root + "/data/ferry/transfer/staging"
        #expect(FileManager.default.fileExists(atPath: staging), "no staging folder at \(staging)")
        // One stalled upload per core of the machine: each would hold one of ferryd's cooperative threads.
        let size = 17 << 20
        var readers: [Int32] = [], senders: [Process] = []
        for index in 0..<ProcessInfo.processInfo.activeProcessorCount {
            let name = "big\(index).bin"
            let file = pair.sender.root + "/" + name
            #expect(FileManager.default.createFile(atPath: file, contents: Data(repeating: UInt8(index), count: size)))
            let fifo = staging + "/" + (try Self.partialName(sender: pair.senderFingerprint, size: size, path: name, id: "f0"))
            #expect(mkfifo(fifo, 0o600) == 0)
            readers.append(open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC))
            let send = Process()
            send.executableURL = URL(fileURLWithPath: FerryWorld.binary)
            send.arguments = ["send", file, "--to", "127.0.0.1:\(pair.port)", "--fingerprint", pair.receiverFingerprint]
            send.environment = pair.sender.environment
            send.standardOutput = FileHandle.nullDevice
            send.standardError = FileHandle.nullDevice
            try send.run()
            senders.append(send)
        }
        defer {
            for send in senders where send.isRunning { kill(send.processIdentifier, SIGKILL) }
            for fd in readers { close(fd) }
        }
        // Until every FIFO is full: the uploads are stalled in write(2).
        waitUntil("the uploads to fill the staging FIFOs") { readers.allSatisfy { unreadBytes($0) >= 65536 } }

        let start = ContinuousClock.now
        let outcome = try pair.receiver.run("open", "--wait", "todolist://x")
        let took = ContinuousClock.now - start
        print("ferry open while \(readers.count) staging writes are stalled: \(took)")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        // Before: 5.07 s, the client's wait for a daemon that could not answer; after: about 0.1 s.
        #expect(took < .seconds(3))
    }
}
