import FoundationEssentials
import Logging
import NIOCore
import NIOHTTP1

/// One sender's connection: requests in order, each routed to the receiver.
struct TransferConnection {
    typealias Inbound = HTTPServerLoop.Inbound
    let channel: HTTPServerLoop.Channel
    let peer: PeerCertificate
    let server: TransferServer

    var receiver: Receiver { server.receiver }
    static let prefix = "/ferry/v1/offers"

    func serve() async {
        let loop = HTTPServerLoop(discardLimit: server.configuration.limits.maximumOfferBody, name: "transfer", logger: server.logger)
        await loop.serve(channel) { head, parts, outbound in
            guard let fingerprint = peer.fingerprint else { return nil }
            return try await route(head, fingerprint: fingerprint, parts: &parts, outbound: outbound)
        }
    }

    /// The reply to one request. Errors other than ``TransferError`` mean the connection broke; they
    /// are thrown, since NIO's HTTP handlers have answered or closed it and no reply may follow.
    func route(_ head: HTTPRequestHead, fingerprint: String, parts: inout Inbound,
               outbound: HTTPServerLoop.Outbound) async throws -> HTTPReply {
        let target = RequestTarget(head.uri)
        let (path, query, segments) = (target.path, target.query, target.segments)
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
                outbound: HTTPServerLoop.Outbound) async throws -> HTTPReply {
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

    /// A body that is not used (GET, finish, cancel): read to its end, kept to a small limit.
    static func drain(_ parts: inout Inbound) async throws {
        _ = try await RequestBody(limit: 64 * 1024).read(&parts)
    }
}
