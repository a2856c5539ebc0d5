import FerryCore
import NIOCore
import NIOEmbedded
import Testing
@testable import FerryDaemon

/// The connection's first frame, and what an app's connection writes: checked on typed messages,
/// with the texts and bytes peers have always got.
@Suite struct ConnectionHandshakeTests {
    @Test(arguments: [2, 3])
    func aHelloInASpokenVersionIsTaken(_ version: Int) throws {
        let hello = Handshake.Hello(protocol: version, role: .app, token: "t", restoration: true)
        #expect(try Connection.checkHello(.handshake(.hello(hello))) == hello)
    }

    @Test func anythingButHelloFirstIsMalformed() {
        #expect(throws: WireError(.malformedFrame, "the first frame must be hello")) {
            try Connection.checkHello(.request(.init(id: 1, .ping)))
        }
    }

    @Test func anOlderClientIsToldToUpgradeFerry() {
        #expect(throws: WireError(.unsupportedProtocol, "ferryd speaks protocol 3, this client protocol 1: "
                                    + "upgrade ferry (and apps built with an older FerryKit) to ferryd's release")) {
            try Connection.checkHello(.handshake(.hello(.init(protocol: 1, role: .client))))
        }
    }

    @Test func aNewerClientIsToldToRestartFerryd() {
        #expect(throws: WireError(.unsupportedProtocol, "ferryd speaks protocol 3, this client protocol 4: "
                                    + "restart ferryd so that it is the release of this ferry")) {
            try Connection.checkHello(.handshake(.hello(.init(protocol: 4, role: .client))))
        }
    }

    @Test(arguments: [2, 3])
    func anAppsWelcomeAndEventsAreTheDocumentedBytes(_ version: Int) throws {
        let channel = EmbeddedChannel()
        let link = ChannelAppLink(channel: channel, version: version)
        link.welcome(app: "com.acme.todo")
        let welcome = #"{"type":"welcome","protocol":\#(version),"server":"ferryd \#(DaemonVersion.string)","bundleId":"com.acme.todo"}"#
        #expect(try written(channel) == Array((welcome + "\n").utf8))
        link.send(Envelope(id: 4, .event(AppEvent.Event(event: "open", url: "todo://x", options: .init(url: "todo://x", sourceApplication: "ferry")))))
        let event = #"{"type":"event","id":4,"event":"open","url":"todo://x","options":{"url":"todo://x","sourceApplication":"ferry"}}"#
        #expect(try written(channel) == Array((event + "\n").utf8))
    }

    private func written(_ channel: EmbeddedChannel) throws -> [UInt8] {
        let buffer = try #require(try channel.readOutbound(as: ByteBuffer.self))
        return Array(buffer.readableBytesView)
    }
}
