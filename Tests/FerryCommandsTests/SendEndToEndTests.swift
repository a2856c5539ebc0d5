import Foundation
import Synchronization
import Testing
import FerryTestSupport

/// Two ferryd instances on loopback, each in its own world, sending with the built `ferry`.
@Suite(.offThePool, .serialized) struct SendEndToEndTests {
    final class Pair: @unchecked Sendable {
        let receiver: FerryWorld
        let sender: FerryWorld
        let receiverFingerprint: String
        let senderFingerprint: String
        let port: Int

        /// - Parameters:
        ///   - names: The device names (`FERRY_DEVICE_NAME`) of the receiver and the sender.
        ///   - receiverEnvironment: More variables for the receiver's ferryd.
        init(names: (String, String)? = nil, receiverEnvironment: [String: String] = [:]) throws {
            receiver = try FerryWorld()
            sender = try FerryWorld()
            for world in [receiver, sender] {
                world.extraEnvironment = ["FERRY_TRANSFER_PORT": "0", "FERRY_TRANSFER_HOST": "127.0.0.1", "FERRY_TRANSFER_RESERVE": "0"]
            }
            if let names {
                receiver.extraEnvironment["FERRY_DEVICE_NAME"] = names.0
                sender.extraEnvironment["FERRY_DEVICE_NAME"] = names.1
            }
            receiver.extraEnvironment.merge(receiverEnvironment) { $1 }
            receiverFingerprint = try Self.fingerprint(receiver)
            senderFingerprint = try Self.fingerprint(sender)
            var text = ""
            let portFile = receiver.socket + ".transfer-port"
            waitUntil("the receiver's port file") {
                text = (try? String(contentsOfFile: portFile, encoding: .utf8)) ?? ""
                return !text.isEmpty
            }
            port = try #require(Int(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        }

        static func fingerprint(_ world: FerryWorld) throws -> String {
            let outcome = try world.run("trust", "self")
            return String(outcome.stdout.prefix(64))
        }

        func trustSender() throws {
            #expect(try receiver.run("trust", "add", senderFingerprint, "--name", "sender").status == 0)
        }

        func file(_ name: String, _ text: String) throws -> String {
            let path = sender.root + "/" + name
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        func send(_ arguments: String...) throws -> FerryWorld.Outcome {
            try sender.run(["send"] + arguments + ["--to", "127.0.0.1:\(port)", "--fingerprint", receiverFingerprint])
        }

        /// A managed app on the receiver that owns `.txt` files.
        func installViewer() throws {
            let bundle = receiver.apps + "/viewer.app"
            try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
            try TestManagedApp.script.write(toFile: bundle + "/app.py", atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bundle + "/app.py")
            let plist: [String: Any] = [
                "CFBundleIdentifier": "com.test.viewer", "CFBundleExecutable": "app.py", "FerryAppKind": "managed",
                "CFBundleURLTypes": [["CFBundleURLSchemes": ["viewer"]]],
                "CFBundleDocumentTypes": [["CFBundleTypeExtensions": ["txt"], "LSHandlerRank": "Owner", "CFBundleTypeRole": "Viewer"]],
            ]
            let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
            try data.write(to: URL(fileURLWithPath: bundle + "/Info.plist"))
        }
    }

    @Test func pairedSendLandsInTheMatchingAppsInboxAndOpensIt() throws {
        let pair = try Pair()
        try pair.installViewer()
        try pair.trustSender()
        let sent = try pair.send(try pair.file("note.txt", "hello"))
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout.contains("delivered note.txt to com.test.viewer"))
        let stored = pair.receiver.documents("com.test.viewer") + "/Inbox/note.txt"
        #expect(try String(contentsOfFile: stored, encoding: .utf8) == "hello")
        #expect((try FileManager.default.attributesOfItem(atPath: stored)[.posixPermissions] as? Int) == 0o444)
        let events = pair.receiver.events("com.test.viewer", count: 4)
        #expect(events.prefix(2) == ["willFinishLaunching", "didFinishLaunching"])
        #expect(events.contains("open file://" + stored))
        // A second file finds the app running and opens it there; the name is taken, so it is numbered.
        #expect(try pair.send(try pair.file("note.txt", "again")).status == 0)
        let second = pair.receiver.events("com.test.viewer", count: 5)
        #expect(second.contains("open file://" + stored.replacingOccurrences(of: "note.txt", with: "note%202.txt")))
        #expect(try pair.receiver.run("inbox", "com.test.viewer").stdout.contains("note 2.txt"))
    }

    @Test func aFolderOfSmallFilesReportsEachFileOnceInBothOutputs() throws {
        let pair = try Pair()
        try pair.trustSender()
        let folder = pair.sender.root + "/many"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let names = (0..<300).map { String(format: "f%03d.bin", $0) }
        for name in names { try Data(repeating: 7, count: 100).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        // Batches of up to 128 files come back as one frame each; scripts still see a line per file.
        let json = try pair.send(folder, "--json")
        #expect(json.status == 0, "\(json.stderr)")
        let done = json.stdout.split(separator: "\n").filter { $0.contains("\"event\":\"file-done\"") }
        #expect(done.count == 300)
        #expect(Set(done.map { String($0) }).count == 300, "each file once")
        #expect(done.first?.contains("\"file\":\"many/f000.bin\"") == true)
        let plain = try pair.send(folder)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.split(separator: "\n").filter { $0.hasPrefix("sent many/") }.count == 300)
    }

    @Test func contactsOnlyAndOffRefuse() throws {
        let pair = try Pair()
        let stranger = try pair.send(try pair.file("a.txt", "a"))
        #expect(stranger.status == 77)
        #expect(stranger.stderr.contains("only receives from trusted peers"))
        try pair.trustSender()
        #expect(try pair.receiver.run("receiving", "off").stdout == "receiving: off\n")
        let off = try pair.send(try pair.file("a.txt", "a"))
        #expect(off.status == 77)
        #expect(off.stderr.contains("receiving is off"))
    }

    @Test func aWrongFingerprintIsRefused() throws {
        let pair = try Pair()
        try pair.trustSender()
        let outcome = try pair.sender.run(["send", try pair.file("a.txt", "a"), "--to", "127.0.0.1:\(pair.port)",
                                           "--fingerprint", String(repeating: "0", count: 64)])
        #expect(outcome.status == 74)
        #expect(outcome.stderr.contains("presented certificate \(pair.receiverFingerprint)"))
    }

    @Test(arguments: ["accept", "decline"])
    func everyoneWaitsForTheUser(answer: String) throws {
        let pair = try Pair()
        #expect(try pair.receiver.run("receiving", "everyone").stdout.hasPrefix("receiving: everyone"))
        let path = try pair.file("b.txt", "b")
        let result = Mutex<FerryWorld.Outcome?>(nil)
        let thread = Thread { result.withLock { $0 = try? pair.send(path) } }
        thread.start()
        var id = ""
        try waitUntil("the offer in ferry inbox pending") {
            let lines = try pair.receiver.run("inbox", "pending").stdout.split(separator: "\n").dropFirst()
            id = lines.first.map { String($0.split(separator: " ").first ?? "") } ?? ""
            return !id.isEmpty
        }
        #expect(try pair.receiver.run(answer, id).status == 0)
        waitUntil("ferry send to end") { result.withLock { $0 != nil } }
        let outcome = try #require(result.withLock { $0 })
        #expect(outcome.status == (answer == "accept" ? 0 : 77))
        #expect(FileManager.default.fileExists(atPath: pair.receiver.root + "/data/ferry/Containers/org.ferry.system.files/Documents/Inbox/b.txt") == (answer == "accept"))
    }
}

extension SendEndToEndTests {
    @Test func aSendingDaemonKilledHalfwayResumesFromTheReceivedBytes() throws {
        let pair = try Pair()
        try pair.trustSender()
        let path = pair.sender.root + "/big.bin"
        let size = 256 << 20
        Self.writeRandomFile(at: path, size: size)
        let first = Mutex<FerryWorld.Outcome?>(nil)
        let thread = Thread { first.withLock { $0 = try? pair.send(path, "--json") } }
        thread.start()
        let staging = pair.receiver.root + "/data/ferry/transfer/staging"
        waitUntil("a quarter of big.bin staged at the receiver") {
            let staged = ((try? FileManager.default.contentsOfDirectory(atPath: staging)) ?? []).reduce(0) { total, name in
                total + ((try? FileManager.default.attributesOfItem(atPath: staging + "/" + name)[.size] as? Int) ?? 0)
            }
            return staged >= size / 4
        }
        let daemon = try #require(pair.sender.daemonPID)
        kill(daemon, SIGKILL)
        waitUntil("the first ferry send to end") { first.withLock { $0 != nil } }
        #expect(first.withLock { $0?.status } == 76 || first.withLock { $0?.status } == 74)
        #expect(!FileManager.default.fileExists(atPath: pair.receiver.root + "/data/ferry/Containers/org.ferry.system.files/Documents/Inbox/big.bin"))
        let second = try pair.send(path, "--json")
        #expect(second.status == 0, "\(second.stderr)")
        let accepted = second.stdout.split(separator: "\n").first { $0.contains("\"accepted\"") }.map(String.init) ?? ""
        let resumed = accepted.components(separatedBy: "\"bytes\":").dropFirst().first.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
        #expect(resumed >= size / 4, "\(accepted)")
        let stored = pair.receiver.root + "/data/ferry/Containers/org.ferry.system.files/Documents/Inbox/big.bin"
        #expect(FileManager.default.contents(atPath: stored) == FileManager.default.contents(atPath: path))
    }

    /// `size` bytes (a whole number of MiB) of one random MiB repeated: incompressible enough, fast to make.
    static func writeRandomFile(at path: String, size: Int) {
        var chunk = Data(count: 1 << 20)
        chunk.withUnsafeMutableBytes { raw in for i in 0..<raw.count { raw[i] = UInt8.random(in: 0...255) } }
        var content = Data(capacity: size)
        for _ in 0..<(size >> 20) { content.append(chunk) }
        FileManager.default.createFile(atPath: path, contents: content)
    }
}
