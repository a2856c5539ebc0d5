import FoundationEssentials
import Logging
import NIOCore
import NIOHTTP1

/// One sender's connection: requests in order, each routed to the receiver.
struct TransferConnection {
    typealias Inbound = NIOAsyncChannelInboundStream<HTTPServerRequestPart>.AsyncIterator
    let channel: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>
    let peer: PeerCertificate
    let server: TransferServer

    var receiver: Receiver { server.receiver }
    static let prefix = "/ferry/v1/offers"

    func serve() async {
        do {
            try await channel.executeThenClose { inbound, outbound in
                var parts = inbound.makeAsyncIterator()
                while let part = try await parts.next() {
                    guard case .head(let head) = part else { continue }
                    guard let fingerprint = peer.fingerprint else { return }
                    let reply = try await route(head, fingerprint: fingerprint, parts: &parts, outbound: outbound)
                    try await reply.write(to: outbound, version: head.version)
                    if reply.bodyUnread { try await RequestBody.discard(&parts, limit: server.configuration.limits.maximumOfferBody) }
                    if reply.close || !head.isKeepAlive { return }
                }
            }
        } catch {
            server.logger.debug("transfer connection ended", metadata: ["error": "\(error)"])
        }
    }

    /// The reply to one request. Errors other than ``TransferError`` mean the connection broke; they
    /// are thrown, since NIO's HTTP handlers have answered or closed it and no reply may follow.
    func route(_ head: HTTPRequestHead, fingerprint: String, parts: inout Inbound,
               outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>) async throws -> HTTPReply {
        let (path, query) = Self.split(head.uri)
        let segments = path.split(separator: "/").map(String.init)
        do {
            if Self.isPairPath(path) {
                return try await routePair(head, path: path, query: query, fingerprint: fingerprint, parts: &parts)
            }
            switch (head.method, segments.count) {
            case (.POST, 3) where path == Self.prefix:
                if let refusal = await receiver.offerRefusal(from: fingerprint) {
                    return .refusalBeforeBody(refusal)
                }
                let limits = server.configuration.limits
                let holder: MemoryBudget.Holder = await receiver.isContact(fingerprint) ? .contact : .stranger
                let reader = RequestBody(limit: limits.maximumOfferBody, budget: server.gate.bodies, holder: holder,
                                         maximumObjects: limits.maximumFiles + 8)
                let body = try await reader.read(&parts, expected: head.headers.first(name: "Content-Length"))
                let offer: TransferOffer
                do { offer = try TransferOffer(json: body, maximumFiles: limits.maximumFiles) } catch {
                    if error.overLimit {
                        throw TransferError(.tooLarge, "the offer is over this device's limits (\(error)); at most \(limits.maximumFiles) files per offer")
                    }
                    throw TransferError(.badRequest, "the offer is not valid JSON of the documented shape: \(error)")
                }
                server.logger.info("offer", metadata: ["from": "\(offer.sender)", "peer": "\(fingerprint.prefix(16))", "files": "\(offer.files.count)"])
                return .json(try await receiver.offer(offer, from: fingerprint))
            case (.GET, 4) where path.hasPrefix(Self.prefix):
                try await Self.drain(&parts)
                let wait = query["wait"].flatMap(Double.init) ?? 0
                return .json(try await receiver.answer(segments[3], peer: fingerprint, wait: wait))
            case (.DELETE, 4) where path.hasPrefix(Self.prefix): return try await cancel(offer: segments[3], fingerprint: fingerprint, parts: &parts)
            case (.PUT, 6) where path.hasPrefix(Self.prefix) && segments[4] == "files":
                return try await upload(head, offer: segments[3], file: segments[5], fingerprint: fingerprint, parts: &parts, outbound: outbound)
            case (.PUT, 5) where path.hasPrefix(Self.prefix) && segments[4] == "batch":
                return try await uploadBatch(head, offer: segments[3], fingerprint: fingerprint, parts: &parts)
            case (.POST, 5) where path.hasPrefix(Self.prefix) && segments[4] == "finish":
                try await Self.drain(&parts)
                return .json(try await receiver.finish(offer: segments[3], peer: fingerprint))
            default:
                try await Self.drain(&parts)
                return .error(TransferError(.notFound, "no such endpoint: \(head.method) \(path); see docs/transfer.md"))
            }
        } catch let error as TransferError {
            return .error(error, close: [.badRequest, .tooLarge, .busy].contains(error.code))
        }
    }

    func upload(_ head: HTTPRequestHead, offer: String, file: String, fingerprint: String, parts: inout Inbound,
                outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>) async throws -> HTTPReply {
        let offset = UInt64(head.headers.first(name: "Ferry-Offset") ?? "0")
        guard let offset else { throw TransferError(.badRequest, "Ferry-Offset must be a byte count") }
        let staged: StagedFile
        do {
            staged = try await receiver.beginUpload(offer: offer, file: file, offset: offset, peer: fingerprint)
        } catch {
            return .error(error, close: true)
        }
        if head.headers.first(name: "Expect")?.lowercased() == "100-continue" {
            try await outbound.write(.head(HTTPResponseHead(version: head.version, status: .continue)))
        }
        var complete = false
        var trailer: String?
        var failure: TransferError?
        var held = PendingBody()
        // Progress for the host (a desktop notification), at most twice a second.
        var reported = ContinuousClock.now
        do {
            while let part = try await parts.next() {
                switch part {
                case .body(let buffer):
                    guard held.add(buffer) else { continue }
                    try await staged.append(held.take())
                    if ContinuousClock.now - reported >= .milliseconds(500) {
                        reported = .now
                        await receiver.uploadProgress(offer: offer, file: file, written: staged.written)
                    }
                case .end(let trailers):
                    try await staged.append(held.take())
                    trailer = trailers?.first(name: "Ferry-SHA256")
                    complete = true
                case .head:
                    throw TransferError(.badRequest, "a request started inside an upload")
                }
                if complete { break }
            }
        } catch let error as TransferError {
            // The parts held are written first: what came stays staged for a resume, as before.
            try? await staged.append(held.take())
            failure = error
        } catch {
            // The sender vanished mid-body: the bytes so far (those held too) stay staged for a resume.
            try? await staged.append(held.take())
            _ = try? await receiver.endUpload(offer: offer, file: file, staged: staged, complete: false)
            throw error
        }
        let receipt: UploadReceipt
        do {
            receipt = try await receiver.endUpload(offer: offer, file: file, staged: staged, complete: complete && failure == nil,
                                                   trailer: trailer)
        } catch {
            return .error(failure ?? error, close: failure != nil)
        }
        return .json(receipt)
    }

    /// - Parameter expected: The request's `Content-Length`, when it has one: the body is read into
    ///   one allocation of that size (at most `limit`) instead of doubling its way there.
    static func readBody(_ parts: inout Inbound, limit: Int, expected: String? = nil) async throws -> [UInt8] {
        var body: [UInt8] = []
        if let expected = expected.flatMap(Int.init), expected > 0 { body.reserveCapacity(min(expected, limit)) }
        while let part = try await parts.next() {
            switch part {
            case .body(let buffer):
                guard body.count + buffer.readableBytes <= limit else {
                    throw TransferError(.tooLarge, "the request body is longer than \(limit) bytes")
                }
                body += buffer.readableBytesView
            case .end: return body
            case .head: throw TransferError(.badRequest, "a request started inside another")
            }
        }
        throw TransferError(.badRequest, "the connection closed inside a request")
    }

    static func drain(_ parts: inout Inbound) async throws {
        _ = try await readBody(&parts, limit: 64 * 1024)
    }

    /// The target's path (up to its first `?`) and its query pairs. Splits UTF-8 bytes, not
    /// Characters: a `?`, `&` or `=` after a prepend mark such as U+06DD, or before a combining
    /// mark, joins it in one Character, yet it ends the path for every other HTTP reader.
    static func split(_ uri: String) -> (String, [String: String]) {
        let bytes = Array(uri.utf8)
        guard let mark = bytes.firstIndex(of: UInt8(ascii: "?")) else { return (uri, [:]) }
        var query: [String: String] = [:]
        for pair in bytes[(mark + 1)...].split(separator: UInt8(ascii: "&")) {
            let kv = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            if kv.count == 2, !kv[0].isEmpty, !kv[1].isEmpty {
                query[String(decoding: kv[0], as: UTF8.self)] = String(decoding: kv[1], as: UTF8.self)
            }
        }
        return (String(decoding: bytes[..<mark], as: UTF8.self), query)
    }
}
