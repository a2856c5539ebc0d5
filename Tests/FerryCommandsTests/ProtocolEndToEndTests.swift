import FerryCore
import Foundation
import Testing

/// ferryd's strictness: malformed frames get an error frame and a closed connection, never a crash.
@Suite struct ProtocolEndToEndTests {
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
        let answer = try #require(try socket.receive(timeout: 5000))
        #expect(answer.type == "error")
        #expect(try socket.receive(timeout: 5000) == nil)
        #expect(try world.run("ps").status == 0, "ferryd is still there")
    }

    @Test func aWrongProtocolVersionAndAnUnknownTokenAreRefused() throws {
        let world = try FerryWorld()
        var hello = WireFrame(type: "hello")
        hello.protocol = 99
        hello.role = "client"
        let socket = try connect(world)
        try socket.send(hello)
        #expect(try socket.receive(timeout: 5000)?.code == "unsupported-protocol")
        let app = try LineSocket.connect(to: world.socket)
        hello.protocol = 1
        hello.role = "app"
        hello.token = "forged"
        try app.send(hello)
        #expect(try app.receive(timeout: 5000)?.code == "unknown-token")
    }

    @Test func anOverlongFrameIsRefused() throws {
        let world = try FerryWorld()
        let socket = try connect(world)
        try? socket.write([UInt8](repeating: 0x41, count: WireFrame.maximumLength + 10))
        let answer = try? socket.receive(timeout: 5000)
        #expect(answer == nil || answer?.type == "error")
        #expect(try world.run("ps").status == 0)
    }
}
