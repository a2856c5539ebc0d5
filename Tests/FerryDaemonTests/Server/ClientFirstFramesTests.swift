import FerryCore
import NIOCore
import Testing
@testable import FerryDaemon

/// Which first frames ferryd answers on the event loop: a client's acceptable hello from its own
/// user, then an `open`; everything else is left to the connection (ConnectionPipeliningTests
/// drives both through a real socket).
@Suite struct ClientFirstFramesTests {
    private func frame(_ message: WireMessage) -> ByteBuffer {
        var bytes = WireCodec.encode(message)
        bytes.removeLast()  // the line decoder hands frames over without their newline
        return ByteBuffer(bytes: bytes)
    }

    @Test(arguments: [2, 3])
    func aClientsHelloIsWelcomedInItsVersion(_ version: Int) {
        #expect(ClientFirstFrames.clientVersion(frame(.handshake(.hello(.init(protocol: version, role: .client)))), sameUser: true) == version)
    }

    @Test func anAppAnotherUserAnUnspokenVersionOrAnotherFrameGetNoWelcomeThere() {
        #expect(ClientFirstFrames.clientVersion(frame(.handshake(.hello(.init(protocol: 3, role: .app, token: "t")))), sameUser: true) == nil)
        #expect(ClientFirstFrames.clientVersion(frame(.handshake(.hello(.client))), sameUser: false) == nil)
        #expect(ClientFirstFrames.clientVersion(frame(.handshake(.hello(.init(protocol: 1, role: .client)))), sameUser: true) == nil)
        #expect(ClientFirstFrames.clientVersion(frame(.request(.init(id: 1, .ping))), sameUser: true) == nil)
        #expect(ClientFirstFrames.clientVersion(ByteBuffer(string: "{not json"), sameUser: true) == nil)
    }

    @Test func onlyAnOpenIsTakenAsAFirstRequest() {
        let open = ClientFirstFrames.openRequest(frame(.request(.init(id: 7, .open(.init(url: "one://a"))))))
        #expect(open?.id == 7 && open?.url == "one://a")
        #expect(ClientFirstFrames.openRequest(frame(.request(.init(id: 1, .ping)))) == nil)
        #expect(ClientFirstFrames.openRequest(ByteBuffer(string: "{not json")) == nil)
    }
}
