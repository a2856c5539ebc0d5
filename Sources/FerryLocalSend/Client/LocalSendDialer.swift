import FerryTransfer
import NIOCore
import NIOHTTP1
import NIOSSL

/// Opens the connections of one conversation with a LocalSend device: the first, and a new one
/// for a request that found the device had closed the last (an HTTP/1.0 server closes after every
/// answer). Every connection after the first pins the certificate the first one saw, so a
/// reconnect cannot reach another device.
struct LocalSendDialer: Sendable {
    let host: String
    let port: Int
    /// The certificate asked for (lowercase), or nil to learn it from the first connection.
    let expected: String?
    let context: NIOSSLContext
    let deadPeerSeconds: Int
    let silent: SilentPeer
    /// The fingerprint of the certificate the device presented.
    let seen = PeerFingerprint()

    init(host: String, port: Int, fingerprint: String?, identity: DeviceIdentity, deadPeerSeconds: Int, silent: SilentPeer) throws {
        self.host = host
        self.port = port
        expected = fingerprint?.lowercased()
        context = try LocalSendTLS.clientContext(identity)
        self.deadPeerSeconds = deadPeerSeconds
        self.silent = silent
    }

    /// A new connection, its certificate checked against the pinned one.
    func open() async throws -> HTTPSConnection.Channel {
        let pinned = expected ?? seen.value
        let seen = self.seen
        return try await HTTPSConnection.open(host: host, port: port, context: context, timeout: .seconds(5),
                                              deadPeerSeconds: deadPeerSeconds, silent: silent) { got in
            let verified = got != nil && (pinned == nil || got == pinned)
            if verified { seen.value = got }
            return verified
        }
    }

    /// The requests of `channel`, in order.
    func exchange(_ channel: HTTPSConnection.Channel, inbound: NIOAsyncChannelInboundStream<HTTPClientResponsePart>,
                  outbound: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>) -> HTTPExchange {
        HTTPExchange(parts: inbound.makeAsyncIterator(), outbound: outbound, host: host, eventLoop: channel.channel.eventLoop)
    }

    /// Runs one request, `send`, on a connection of its own, closed after it.
    func once<T: Sendable>(_ send: (inout HTTPExchange) async throws -> T) async throws -> T {
        let channel = try await open()
        return try await channel.executeThenClose { inbound, outbound in
            var exchange = exchange(channel, inbound: inbound, outbound: outbound)
            return try await send(&exchange)
        }
    }
}
