import FerryCore
import FerryTransfer
import FoundationEssentials
import Logging
import NIOCore
import NIOHTTP1

/// One LocalSend client's connection: requests in order, each answered before the next is read.
struct LocalSendConnection {
    typealias Inbound = HTTPServerLoop.Inbound

    let channel: HTTPServerLoop.Channel
    let peer: PeerFingerprint
    let address: String
    let server: LocalSendServer

    func serve() async {
        let loop = HTTPServerLoop(discardLimit: server.limits.maximumBody, name: "localsend", logger: server.logger)
        await loop.serve(channel) { head, parts, _ in
            do { return try await route(head, parts: &parts) } catch let error as LocalSendError {
                server.logger.debug("localsend request refused", metadata: ["path": "\(head.uri.prefix(64))", "status": "\(error.status)", "why": "\(error.message)"])
                return HTTPReply.error(error)
            }
        }
    }

    /// The reply to one request. A refusal before the body is read closes the connection after it.
    func route(_ head: HTTPRequestHead, parts: inout Inbound) async throws -> any HTTPServerReply {
        let target = RequestTarget(head.uri)
        let (path, query) = (target.path, target.decodedQuery)
        switch (head.method, LocalSendRoute(path: path)) {
        case (.GET, .info), (.POST, .info):
            try await drain(&parts)
            let ours = await server.info()
            // LocalSend's answer to a device that found itself (its own fingerprint in the query).
            guard query["fingerprint"]?.lowercased() != ours.fingerprint.lowercased() else {
                return HTTPReply.error(LocalSendError(412, "Self-discovered"))
            }
            return HTTPReply.json(ours)
        case (.POST, .register):
            let body = try await read(&parts, limit: server.limits.maximumSmallBody)
            let theirs = try LocalSendJSON.info(body)
            await server.peers.upsert(theirs, address: address, certificate: peer.value)
            return HTTPReply.json(await server.info())
        case (.POST, .prepareUpload):
            return try await prepareUpload(head, query: query, parts: &parts)
        case (.POST, .upload):
            return try await upload(query: query, parts: &parts)
        case (.POST, .prepareDownload):
            return try await prepareDownload(query: query, parts: &parts)
        case (.GET, .download):
            do { return try await download(query: query, parts: &parts) } catch let error as LocalSendError where Self.isNavigation(head) {
                // A link opened in a tab of its own, or tapped after the share ended: a page, not JSON.
                return Self.page(LocalSendWebPage.unavailable(status: error.status), status: HTTPResponseStatus(statusCode: error.status))
            }
        case (.GET, nil) where path == "/" || path == "/index.html":
            try await drain(&parts)
            guard await server.shares.active else { return Self.page(LocalSendWebPage.ended, status: .notFound) }
            return Self.page(LocalSendWebPage.html, status: .ok)
        case (.GET, nil) where path == "/favicon.ico":
            try await drain(&parts)
            return HTTPReply(status: .ok, body: Array(LocalSendWebPage.favicon.utf8), contentType: "image/svg+xml")
        case (.POST, .cancel):
            try await drain(&parts)
            await server.sessions.cancel(session: query["sessionId"] ?? "")
            return HTTPReply(status: .ok)
        default:
            try await drain(&parts)
            return HTTPReply.error(LocalSendError(404, "no such endpoint: \(head.method) \(path)"))
        }
    }

    /// Whether a browser is loading the answer as a page (not `fetch`, not a LocalSend app).
    static func isNavigation(_ head: HTTPRequestHead) -> Bool {
        head.headers.first(name: "Sec-Fetch-Mode") == "navigate" || head.headers.first(name: "Accept")?.contains("text/html") == true
    }

    /// A web share page (``LocalSendWebPage``): a browser shows it whatever the status.
    static func page(_ html: String, status: HTTPResponseStatus) -> HTTPReply {
        HTTPReply(status: status, body: Array(html.utf8), contentType: "text/html; charset=utf-8")
    }

    func prepareUpload(_ head: HTTPRequestHead, query: [String: String], parts: inout Inbound) async throws -> HTTPReply {
        if let refusal = await refusalFromHead() { return .refusal(refusal) }
        do { try await server.sessions.checkPin(query["pin"], address: address) } catch { return .refusal(error) }
        if let length = head.headers.first(name: "Content-Length").flatMap(Int.init), length > server.limits.maximumBody {
            return .refusal(LocalSendError(413, "the prepare-upload body is \(length) bytes; this device reads at most \(server.limits.maximumBody)"))
        }
        let body = try await read(&parts, limit: server.limits.maximumBody, entries: 2 * server.limits.maximumFiles + 8,
                                  expected: head.headers.first(name: "Content-Length"))
        let request = try LocalSendJSON.prepareUpload(body, limits: server.limits)
        let sender = Self.senderKey(certificate: peer.value, declared: request.info.fingerprint, address: address)
        await server.peers.upsert(request.info, address: address, certificate: peer.value)
        server.logger.info("localsend offer", metadata: ["from": "\(PeerText.printable(request.info.alias))", "peer": "\(sender.prefix(16))", "files": "\(request.files.count)"])
        let sessions = server.sessions, address = self.address
        let answer = try await whileConnected { try await sessions.prepare(request, peer: sender, address: address) }
        guard let response = answer else { return HTTPReply(status: .noContent) }
        return .json(response)
    }

    /// Runs `work`, cancelled if the client closes the connection first: an offer waiting for the
    /// user is withdrawn when its sender hangs up (``LocalSendSessions/gone``).
    func whileConnected<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        let closed = channel.channel.closeFuture
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await work() }
            group.addTask {
                let (ended, continuation) = AsyncStream<Never>.makeStream()
                closed.whenComplete { _ in continuation.finish() }
                for await _ in ended {}
                return .none
            }
            defer { group.cancelAll() }
            while let first = try await group.next() {
                if let value = first { return value }
                // Closed: the work is cancelled, and its end (a throw, or a late answer) awaited.
                group.cancelAll()
            }
            throw CancellationError()
        }
    }

    func upload(query: [String: String], parts: inout Inbound) async throws -> HTTPReply {
        guard let session = query["sessionId"], let file = query["fileId"], let token = query["token"] else {
            return .refusal(.badRequest("an upload needs sessionId, fileId and token"))
        }
        let upload: LocalSendUpload
        do { upload = try await server.sessions.beginUpload(session: session, file: file, token: token) } catch {
            return .refusal(error)
        }
        let complete: Bool
        do {
            complete = try await Self.receive(&parts, into: upload)
        } catch let error as TransferError {
            try? await server.sessions.endUpload(upload, complete: false)
            return .refusal(LocalSendError(400, error.message))
        } catch {
            try? await server.sessions.endUpload(upload, complete: false)
            throw error
        }
        try await server.sessions.endUpload(upload, complete: complete)
        return HTTPReply(status: .ok)
    }

    /// The request's body into `upload`; whether the request came to its end. A function of its
    /// own: Swift 6.3's optimizer crashed (CoroSplit, swifterror) on this loop inside `upload`.
    private static func receive(_ parts: inout Inbound, into upload: LocalSendUpload) async throws -> Bool {
        while let part = try await parts.next() {
            switch part {
            case .body(let buffer): try await append(buffer, to: upload)
            case .end: return true
            case .head: throw LocalSendError.badRequest("a request started inside an upload")
            }
        }
        return false
    }

    /// `upload.append`, its typed error passed on untyped.
    @inline(never)
    private static func append(_ buffer: ByteBuffer, to upload: LocalSendUpload) async throws {
        try await upload.append(buffer)
    }

    /// Whom the offer is from, for trust: the client certificate's fingerprint when there was one,
    /// else the fingerprint the sender declares (LocalSend's phones present no certificate).
    static func senderKey(certificate: String?, declared: String, address: String) -> String {
        if let certificate { return certificate }
        let lowered = declared.lowercased()
        return lowered.isEmpty ? "localsend:" + address : lowered
    }

    /// A body read against the port's budget (``RequestBody``); a limit's refusal in LocalSend's terms.
    ///
    /// - Parameter entries: At most this many JSON objects, counted as the bytes arrive.
    func read(_ parts: inout Inbound, limit: Int, entries: Int? = nil, expected: String? = nil) async throws -> [UInt8] {
        let reader = RequestBody(limit: limit, budget: server.gate.bodies, holder: .stranger, maximumObjects: entries)
        do { return try await reader.read(&parts, expected: expected) } catch let error as TransferError {
            throw LocalSendError(error.code.httpStatus, error.message, retryAfter: error.retryAfter)
        }
    }

    /// A body that is not used (GET, cancel): read to its end, kept to a small limit.
    func drain(_ parts: inout Inbound) async throws {
        _ = try await read(&parts, limit: server.limits.maximumSmallBody)
    }

    /// The refusal a prepare-upload gets from its head alone, before any body is read: receiving
    /// off, or (with a client certificate) a sender who is not a contact in Contacts mode. Without
    /// a certificate the sender is only known from the body.
    func refusalFromHead() async -> LocalSendError? {
        let receiver = server.sessions.receiver
        guard let refusal = await receiver.offerRefusal(from: peer.value ?? "") else { return nil }
        guard peer.value != nil || refusal.code == .receivingOff else { return nil }
        return LocalSendSessions.refusal(refusal)
    }
}

extension HTTPReply {
    /// A LocalSend answer's body: JSON, keys sorted.
    static func json(_ value: some Encodable) -> HTTPReply {
        HTTPReply(status: .ok, body: LocalSendJSON.encode(value))
    }

    /// A refusal: `{"message": …}` with the error's status; the connection closes after a 400, 413 or 503.
    static func error(_ error: LocalSendError) -> HTTPReply {
        HTTPReply(status: HTTPResponseStatus(statusCode: error.status), body: LocalSendJSON.encode(["message": error.message]),
                  close: [400, 413, 503].contains(error.status), retryAfter: error.retryAfter)
    }

    /// A refusal before the body was read: the connection closes after it.
    static func refusal(_ error: LocalSendError) -> HTTPReply {
        var reply = HTTPReply.error(error)
        reply.close = true
        reply.bodyUnread = true
        return reply
    }
}
