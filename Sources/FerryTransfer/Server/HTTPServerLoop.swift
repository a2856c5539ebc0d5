import Logging
import NIOCore
import NIOHTTP1

/// A response as ``HTTPServerLoop`` writes it, and what the loop does after it.
package protocol HTTPServerReply: Sendable {
    /// Close the connection after this response.
    var close: Bool { get }
    /// The request's body was not read (refused from its head alone): after the reply some of it
    /// is read away, so that the sender, still writing it, gets to read the refusal, not a reset.
    var bodyUnread: Bool { get }
    func write(to outbound: HTTPServerLoop.Outbound, version: HTTPVersion) async throws
}

/// One HTTP/1.1 connection's requests, in order, each answered before the next is read: the loop
/// every listener (Ferry's transfer port, LocalSend's API) runs around its own router.
package struct HTTPServerLoop: Sendable {
    package typealias Channel = NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>
    package typealias Inbound = NIOAsyncChannelInboundStream<HTTPServerRequestPart>.AsyncIterator
    package typealias Outbound = NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>
    /// The router: the reply to one request whose head was read, or nil to end the connection.
    /// It reads the request's body from the parts, and may write an interim response (100 Continue).
    package typealias Route = (HTTPRequestHead, inout Inbound, Outbound) async throws -> (any HTTPServerReply)?

    /// At most this many bytes of a body refused unread are read away (``HTTPServerReply/bodyUnread``).
    package let discardLimit: Int
    /// Names the listener in the log: `transfer`, `localsend`.
    package let name: String
    package let logger: Logger

    package init(discardLimit: Int, name: String, logger: Logger) {
        self.discardLimit = discardLimit
        self.name = name
        self.logger = logger
    }

    /// Serves `channel` until the peer is done, a reply closes it, or `route` returns nil; then
    /// closes it. An error thrown by `route` ends the connection (logged at debug level): NIO's
    /// HTTP handlers have answered or closed it, so no reply may follow.
    package func serve(_ channel: Channel, route: Route) async {
        do {
            try await channel.executeThenClose { inbound, outbound in
                var parts = inbound.makeAsyncIterator()
                while let part = try await parts.next() {
                    guard case .head(let head) = part else { continue }
                    guard let reply = try await route(head, &parts, outbound) else { return }
                    try await reply.write(to: outbound, version: head.version)
                    if reply.bodyUnread { try await RequestBody.discard(&parts, limit: discardLimit) }
                    if reply.close || !head.isKeepAlive { return }
                }
            }
        } catch {
            logger.debug("\(name) connection ended", metadata: ["error": "\(error)"])
        }
    }
}
