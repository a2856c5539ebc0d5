import FerryCore
import NIOCore
import NIOEmbedded
import Testing
@testable import FerryDaemon

/// A client's welcome is written on the event loop as its hello is read; every other first frame
/// passes untouched to the connection, which answers it.
@Suite struct ClientWelcomeTests {
    private func frame(_ message: WireMessage) -> ByteBuffer {
        var bytes = WireCodec.encode(message)
        bytes.removeLast()  // the line decoder hands frames over without their newline
        return ByteBuffer(bytes: bytes)
    }

    /// What the handler wrote and passed on for `first`, then for a second frame.
    private func run(_ first: ByteBuffer, sameUser: Bool = true) throws -> (written: [WireMessage], passed: Int) {
        let channel = EmbeddedChannel(handler: ClientWelcome(sameUser: sameUser))
        try channel.writeInbound(first)
        try channel.writeInbound(frame(.request(.init(id: 1, .ping))))
        var written: [WireMessage] = []
        while let out = try channel.readOutbound(as: ByteBuffer.self) {
            written.append(try WireCodec.decodeMessage(out.readableBytesView))
        }
        var passed = 0
        while try channel.readInbound(as: ByteBuffer.self) != nil { passed += 1 }
        return (written, passed)
    }

    @Test(arguments: [2, 3])
    func aClientsHelloIsWelcomedInItsVersionAndPassedOn(_ version: Int) throws {
        let (written, passed) = try run(frame(.handshake(.hello(.init(protocol: version, role: .client)))))
        #expect(written == [.handshake(.welcome(Connection.welcome(version: version)))])
        #expect(passed == 2)
    }

    @Test func anAppsHelloIsLeftToTheConnection() throws {
        let (written, passed) = try run(frame(.handshake(.hello(.init(protocol: 3, role: .app, token: "t")))))
        #expect(written.isEmpty)
        #expect(passed == 2)
    }

    @Test func anotherUserAnUnspokenVersionOrAnotherFrameGetNoWelcome() throws {
        #expect(try run(frame(.handshake(.hello(.client))), sameUser: false).written.isEmpty)
        #expect(try run(frame(.handshake(.hello(.init(protocol: 1, role: .client))))).written.isEmpty)
        #expect(try run(frame(.request(.init(id: 1, .ping)))).written.isEmpty)
        #expect(try run(ByteBuffer(string: "{not json")).written.isEmpty)
    }
}
