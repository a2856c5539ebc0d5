import FerryCore
import Foundation
import Testing
import FerryTestSupport

/// ferryd's strictness: malformed frames get an error frame and a closed connection, never a crash.
@Suite(.offThePool) struct ProtocolEndToEndTests {
    func connect(_ world: FerryWorld) throws -> LineSocket {
        #expect(try world.run("ps").status == 0)
        return try LineSocket.connect(to: world.socket)
    }

    @Test(arguments: [
        "not json", "[1,2]", "{\"type\":42}", "{\"type\":\"nope\",\"id\":1}", "{\"type\":\"hello\",\"protocol\":1}",
        "{\"type\":\"open\",\"id\":1,\"url\":\"x:\"}",
    ])
    func malformedFirstFramesAreRefused(_ line: String) throws {
        let world = try FerryWorld()
        let socket = try connect(world)
        try socket.write(Array((line + "\n").utf8))
        let answer = try #require(try socket.receiveMessage(timeout: 5000))
        #expect(answer.type == "error")
        #expect(try socket.receiveMessage(timeout: 5000) == nil)
        #expect(try world.run("ps").status == 0, "ferryd is still there")
    }

    @Test func aWrongProtocolVersionAndAnUnknownTokenAreRefused() throws {
        let world = try FerryWorld()
        let socket = try connect(world)
        try socket.send(.handshake(.hello(.init(protocol: 99, role: .client))))
        #expect(try socket.receiveMessage(timeout: 5000)?.failure?.code == "unsupported-protocol")
        let app = try LineSocket.connect(to: world.socket)
        try app.send(.handshake(.hello(.app(token: "forged", restoration: false))))
        #expect(try app.receiveMessage(timeout: 5000)?.failure?.code == "unknown-token")
    }

    @Test func anOverlongFrameIsRefused() throws {
        let world = try FerryWorld()
        let socket = try connect(world)
        try? socket.write([UInt8](repeating: 0x41, count: WireCodec.maximumLength + 10))
        let answer = try? socket.receiveMessage(timeout: 5000)
        #expect(answer == nil || answer?.type == "error")
        #expect(try world.run("ps").status == 0)
    }
}

/// The socket's folder must be ours and closed to others, or a planted socket could answer.
@Suite(.offThePool) struct SocketFolderTests {
    @Test func anOpenFolderIsRefusedByTheClientAndTheDaemon() throws {
        let world = try FerryWorld()
        try FileManager.default.createDirectory(atPath: world.root + "/run", withIntermediateDirectories: true)
        chmod(world.root + "/run", 0o777)
        let client = try world.run("ps")
        #expect(client.status == 76)
        #expect(client.stderr.contains("is open to other users (mode 777)"))
        let daemon = try world.run("daemon")
        #expect(daemon.status == 1)
        #expect(daemon.stderr.contains("is open to other users"))
        #expect(world.daemonPID == nil)
    }
}
