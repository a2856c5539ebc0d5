import FerryCore
import Testing
@testable import FerryCommands
import FerryTestSupport

/// The CLI's typed connection to ferryd, against a peer driven by hand.
@Suite(.offThePool) struct DaemonClientTests {
    @Test func theHandshakeSaysHelloAsAClient() throws {
        let peer = try SocketPeer()
        peer.write(.handshake(.welcome(.init(protocol: 2, server: "ferryd test"))))
        _ = try DaemonClient.handshake(peer.client)
        #expect(try peer.next() == .handshake(.hello(.init(protocol: Handshake.protocolVersion, role: .client))))
    }

    @Test func aFirstRequestGoesOutWithHelloBeforeTheWelcome() async throws {
        let peer = try SocketPeer()
        let socket = LockedBox(peer.client)
        let client = Task.detached { LockedBox(try DaemonClient.greet(socket.value, first: .ps).get()) }
        // Both arrive while the client still waits for the welcome: no round trip of its own.
        #expect(try peer.next() == .handshake(.hello(.init(protocol: Handshake.protocolVersion, role: .client))))
        #expect(try peer.next() == .request(.init(id: 1, .ps)))
        peer.write(.handshake(.welcome(.init(protocol: 3, server: "ferryd test"))))
        #expect(try await client.value.value.send(.ping) == 2)
    }

    @Test func anErrorFrameForHelloKeepsTodaysLine() throws {
        let peer = try SocketPeer()
        peer.write(#"{"type":"error","code":"unsupported-protocol","message":"speak 2"}"#)
        let failure = try #require(throws: CommandFailure.self) { try DaemonClient.handshake(peer.client) }
        #expect(failure.message == "ferryd: connection-closed: ferryd refused the connection")
        #expect(failure.exit == FerryExit.unavailable)
    }

    @Test func requestsAreNumberedByTheClient() throws {
        let peer = try SocketPeer()
        let client = DaemonClient(socket: peer.client)
        #expect(try client.send(.ps) == 1)
        #expect(try client.send(.quit(.init(app: "com.example.a"))) == 2)
        #expect(try peer.next() == .request(.init(id: 1, .ps)))
        #expect(try peer.next() == .request(.init(id: 2, .quit(.init(app: "com.example.a")))))
    }

    @Test func aRequestPassesOverProgressAndOthersResults() throws {
        let peer = try SocketPeer()
        let client = DaemonClient(socket: peer.client)
        peer.write(.reply(.init(id: 1, .progress(.init(event: .waiting)))))
        peer.write(.reply(.init(id: 7, .result(.init(outcome: .ok)))))
        peer.write(.peer(.init(event: .added, peers: [])))
        var result = DaemonReply.Result(outcome: .paired)
        result.peer = "phone"
        peer.write(.reply(.init(id: 1, .result(result))))
        #expect(try client.request(.pairPending) == result)
    }

    @Test func anErrorFrameAfterTheHandshakeFailsWithItsMessage() throws {
        let peer = try SocketPeer()
        let client = DaemonClient(socket: peer.client)
        peer.write(#"{"type":"error","code":"malformed-frame","message":"\"send\" frame is missing a required field"}"#)
        let failure = try #require(throws: CommandFailure.self) { try client.receive() }
        #expect(failure.message == #"ferryd: "send" frame is missing a required field"#)
        #expect(failure.exit == FerryExit.unavailable)
    }

    @Test func aClosedConnectionSaysSo() throws {
        let peer = try SocketPeer()
        let client = DaemonClient(socket: peer.client)
        peer.hangUp()
        let failure = try #require(throws: CommandFailure.self) { try client.receive() }
        #expect(failure.message == "ferryd: " + DaemonClient.closed)
        #expect(failure.exit == FerryExit.unavailable)
    }

    @Test func aFrameThatIsNoReplyIsAProtocolFailure() throws {
        let peer = try SocketPeer()
        let client = DaemonClient(socket: peer.client)
        peer.write(.handshake(.welcome(.init(protocol: 2, server: nil))))
        let failure = try #require(throws: CommandFailure.self) { try client.receive() }
        #expect(failure.message == #"ferryd: unexpected "welcome" frame"#)
    }

    @Test func aResultWithDataProtectionKeepsItsReport() throws {
        let peer = try SocketPeer()
        let client = DaemonClient(socket: peer.client)
        var locked = DaemonReply.Result(outcome: .locked)
        locked.protection = .init(lock: "locked", available: false, enforced: true, keys: ["complete": "absent"])
        peer.write(.reply(.init(id: 1, .result(locked))))
        #expect(try client.request(.lock(.init())).protection == locked.protection)
    }
}
