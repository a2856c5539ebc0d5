import FoundationEssentials
import NIOCore
import NIOHTTP1

/// One response: a status and a JSON body.
struct HTTPReply: Sendable {
    var status: HTTPResponseStatus
    var body: [UInt8]
    /// Close the connection after this response (the request body was not read to its end).
    var close = false
    /// The request's body was not read (refused from its head alone): it is thrown away after the
    /// reply, then the connection closes.
    var bodyUnread = false
    /// Seconds for a `Retry-After` header (429, 503).
    var retryAfter: Int?

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

    func write(to outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>, version: HTTPVersion) async throws {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json")
        headers.add(name: "Content-Length", value: "\(body.count)")
        if close { headers.add(name: "Connection", value: "close") }
        if let retryAfter { headers.add(name: "Retry-After", value: "\(retryAfter)") }
        // One flush: head, body and end go out as one TLS record.
        try await outbound.write(contentsOf: [.head(HTTPResponseHead(version: version, status: status, headers: headers)),
                                              .body(.byteBuffer(ByteBuffer(bytes: body))), .end(nil)])
    }
}
