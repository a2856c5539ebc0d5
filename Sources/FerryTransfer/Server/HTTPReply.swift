import FoundationEssentials
import NIOCore
import NIOHTTP1

/// One response with its body in memory (JSON, mostly): the replies of Ferry's transfer port and
/// of LocalSend's API.
package struct HTTPReply: HTTPServerReply {
    package var status: HTTPResponseStatus
    package var body: [UInt8]
    /// The body's type; no `Content-Type` is sent for an empty body.
    package var contentType: String
    /// Close the connection after this response (the request body was not read to its end).
    package var close: Bool
    /// The request's body was not read (refused from its head alone): it is thrown away after the
    /// reply, then the connection closes.
    package var bodyUnread: Bool
    /// Seconds for a `Retry-After` header (429, 503).
    package var retryAfter: Int?

    package init(status: HTTPResponseStatus, body: [UInt8] = [], contentType: String = "application/json", close: Bool = false,
                bodyUnread: Bool = false, retryAfter: Int? = nil) {
        self.status = status
        self.body = body
        self.contentType = contentType
        self.close = close
        self.bodyUnread = bodyUnread
        self.retryAfter = retryAfter
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    static func json(_ value: some Encodable, status: HTTPResponseStatus = .ok) -> HTTPReply {
        let body = (try? encoder.encode(value)).map { Array($0) } ?? Array("{}".utf8)
        return HTTPReply(status: status, body: body + [0x0A])
    }

    /// A protocol body, by its hand-written encoder (chosen over the Codable one above).
    static func json(_ value: some TransferJSON, status: HTTPResponseStatus = .ok) -> HTTPReply {
        HTTPReply(status: status, body: value.jsonLine())
    }

    static func error(_ error: TransferError, close: Bool = false) -> HTTPReply {
        var reply = json(error.body, status: HTTPResponseStatus(statusCode: error.code.httpStatus))
        reply.close = close
        reply.retryAfter = error.retryAfter
        return reply
    }

    /// A refusal decided from the request head, before its body was read.
    static func refusalBeforeBody(_ error: TransferError) -> HTTPReply {
        var reply = HTTPReply.error(error, close: true)
        reply.bodyUnread = true
        return reply
    }

    package func write(to outbound: HTTPServerLoop.Outbound, version: HTTPVersion) async throws {
        var headers = HTTPHeaders()
        if !body.isEmpty { headers.add(name: "Content-Type", value: contentType) }
        headers.add(name: "Content-Length", value: "\(body.count)")
        if close { headers.add(name: "Connection", value: "close") }
        if let retryAfter { headers.add(name: "Retry-After", value: "\(retryAfter)") }
        // One flush: head, body and end go out as one TLS record.
        try await outbound.write(contentsOf: [.head(HTTPResponseHead(version: version, status: status, headers: headers)),
                                              .body(.byteBuffer(ByteBuffer(bytes: body))), .end(nil)])
    }
}
