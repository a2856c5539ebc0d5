import FerryCore
import Foundation
import Testing
import FerryTestSupport

/// ferryd speaks protocol 3, still accepts protocol 2 (apps such as the Python example), and
/// refuses protocol 1 with one line that says what to upgrade.
@Suite(.offThePool) struct ProtocolVersionEndToEndTests {
    static let fingerprint = String(repeating: "c3", count: 32)

    /// A connection that said hello in `version`, after `ferry trust add` (so trust lists one row).
    func connect(_ world: FerryWorld, version: Int) throws -> LineSocket {
        // Each world its own transfer port, so the tests can run side by side.
        world.extraEnvironment = ["FERRY_TRANSFER_PORT": "0", "FERRY_TRANSFER_HOST": "127.0.0.1", "FERRY_TRANSFER_RESERVE": "0"]
        #expect(try world.run("ps").status == 0)
        waitUntil("ferryd's port file") { FileManager.default.fileExists(atPath: world.socket + ".transfer-port") }
        let added = try world.run("trust", "add", Self.fingerprint, "--name", "laptop", "--ask")
        #expect(added.status == 0, "\(added.stderr)")
        let socket = try LineSocket.connect(to: world.socket)
        try socket.send(.handshake(.hello(.init(protocol: version, role: .client))))
        let welcome = try #require(try socket.receiveMessage(timeout: 5000)?.welcome)
        #expect(welcome.protocol == version, "the daemon answers in the version asked for")
        return socket
    }

    @Test func aVersion1ClientIsToldToUpgradeFerry() throws {
        let world = try FerryWorld()
        #expect(try world.run("ps").status == 0)
        let socket = try LineSocket.connect(to: world.socket)
        try socket.write(Array(#"{"type":"hello","protocol":1,"role":"client"}"#.utf8) + [0x0A])
        let refusal = try #require(try socket.receiveMessage(timeout: 5000)?.failure)
        #expect(refusal.code == "unsupported-protocol")
        #expect(refusal.message == "ferryd speaks protocol 3, this client protocol 1: upgrade ferry (and apps built with an older FerryKit) to ferryd's release")
        #expect(try socket.receiveMessage(timeout: 5000) == nil, "the connection ends after the one line")
    }

    @Test func aVersion3FailureIsNamedNotNumbered() throws {
        let world = try FerryWorld()
        let socket = try connect(world, version: 3)
        try socket.write(Array(#"{"type":"open","id":2,"url":"nosuchscheme://x"}"#.utf8) + [0x0A])
        let result = try #require(try socket.receiveMessage(timeout: 5000)?.result)
        #expect(result.outcome == .failed)
        #expect(result.failure == .noHandler)
    }

    @Test func aVersion2ClientGetsNestedRowsAndNamesTheTrustAction() throws {
        let world = try FerryWorld()
        let socket = try connect(world, version: 2)
        try socket.write(Array(#"{"type":"trust","id":1,"action":"list"}"#.utf8) + [0x0A])
        let line = try #require(try socket.receiveLine(timeout: 5000))
        let result = try #require(try WireCodec.decodeMessage(line).result)
        #expect(result.trusted == [.init(fingerprint: Self.fingerprint, name: "laptop", autoAccept: false)])
        #expect(!String(decoding: line, as: UTF8.self).contains(#""items""#), "rows are nested objects, not tab-joined items")
    }

    @Test func aVersion2FrameWithoutItsRequiredFieldIsRefusedByName() throws {
        let world = try FerryWorld()
        let socket = try connect(world, version: 2)
        try socket.write(Array(#"{"type":"quit","id":1}"#.utf8) + [0x0A])
        let answer = try #require(try socket.receiveMessage(timeout: 5000)?.failure)
        #expect(answer.message?.contains(#"missing field "app""#) == true)
    }
}

/// The Python example app, as shipped, speaks protocol 2 with the real ferryd.
@Suite(.offThePool) struct PythonExampleEndToEndTests {
    @Test func notesPyLaunchesOpensAndQuitsInProtocol2() throws {
        let world = try FerryWorld()
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../examples/notes-py.app").standardized.path
        try FileManager.default.createDirectory(atPath: world.apps, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: example, toPath: world.apps + "/notes-py.app")
        let app = "org.ferry.examples.notes-py"
        let opened = try world.run("open", "--wait", "notes-py://add?text=hello+v2")
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(try world.run("quit", app).status == 0)
        let log = (try? String(contentsOfFile: world.documents(app) + "/events.log", encoding: .utf8)) ?? ""
        #expect(log.contains("event open"))
        #expect(log.contains("event willTerminate"))
    }
}
