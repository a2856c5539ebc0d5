import FerryProtocol
import FerryKit
import Testing
import FerryTestSupport

/// An app's own requests to ferryd (send, cancel, peers) on a client connection, against a fake
/// daemon: typed requests out, the result of each picked out of what comes back.
@Suite(.offThePool) struct ApplicationSendTests {
    private func application(_ daemon: FakeDaemon) -> Application {
        Application(environment: daemon.environment())
    }

    /// Answers the client's hello, then checks that the request is `expected` (numbered 1).
    private static func greet(_ peer: Peer, expecting expected: ClientRequest) throws {
        try peer.expectHello(.client)
        try peer.send(.handshake(.welcome(.init(protocol: Handshake.protocolVersion, server: "fake"))))
        let request = try peer.expectMessage()
        guard request == .request(.init(id: 1, expected)) else { throw PeerError("expected \(expected), got \(request)") }
    }

    @Test func aSendIsDeliveredAfterItsProgress() throws {
        let daemon = try FakeDaemon()
        let send = ClientRequest.Send(files: ["/tmp/a"], host: "::1", port: 53317, fingerprint: "ab", offer: "s1")
        daemon.play { peer in
            try Self.greet(peer, expecting: .send(send))
            try peer.send(.reply(.init(id: 1, .progress(.init(event: .accepted)))))
            try peer.send(.reply(.init(id: 9, .result(.init(outcome: .failed)))))
            var result = DaemonReply.Result(outcome: .delivered)
            result.peer = "laptop"
            result.deliveries = [.init(status: "delivered", app: "com.a", name: "a")]
            try peer.send(.reply(.init(id: 1, .result(result))))
        }
        let receipt = try application(daemon).send(files: ["/tmp/a"], to: "[::1]:53317", fingerprint: "AB", id: "s1")
        #expect(daemon.finish().failure == nil)
        #expect(receipt.peer == "laptop")
        #expect(receipt.items.map { "\($0.status) \($0.app) \($0.name)" } == ["delivered com.a a"])
    }

    @Test func anErrorFrameFailsTheRequestWithItsMessage() throws {
        let daemon = try FakeDaemon()
        daemon.play { peer in
            try Self.greet(peer, expecting: .cancel(.init(offer: "s1")))
            try peer.send(.handshake(.error(.init(code: "malformed-frame", message: "bad line"))))
        }
        let error = try #require(throws: SendError.self) { try application(daemon).cancelSend("s1") }
        #expect(daemon.finish().failure == nil)
        #expect(error.code == .unavailable)
        #expect(error.message == "ferryd: bad line")
    }

    @Test func aClosedConnectionFailsTheRequest() throws {
        let daemon = try FakeDaemon()
        daemon.play { peer in try Self.greet(peer, expecting: .cancel(.init(offer: "s1"))) }
        let error = try #require(throws: SendError.self) { try application(daemon).cancelSend("s1") }
        #expect(daemon.finish().failure == nil)
        #expect(error.message == "ferryd: ferryd closed the connection")
    }
}
