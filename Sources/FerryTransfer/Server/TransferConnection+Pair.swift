import FoundationEssentials
import NIOHTTP1

extension TransferConnection {
    static let pairPrefix = "/ferry/v1/pair"

    static func isPairPath(_ path: String) -> Bool {
        path == pairPrefix || path.hasPrefix(pairPrefix + "/")
    }

    /// The pairing endpoints. They take any client certificate: pairing is how a stranger
    /// becomes trusted (refused only in Off mode).
    func routePair(_ head: HTTPRequestHead, path: String, query: [String: String], fingerprint: String,
                   parts: inout Inbound) async throws -> HTTPReply {
        let segments = path.split(separator: "/").map(String.init)
        guard let pairing = server.pairing else {
            try await Self.drain(&parts)
            throw TransferError(.notFound, "this device does not take pair requests")
        }
        switch (head.method, segments.count) {
        case (.POST, 3):
            let hello: PairHello = try await Self.decodeBody(&parts)
            server.logger.info("pair request", metadata: ["from": "\(hello.name)", "peer": "\(fingerprint.prefix(16))"])
            let address = channel.channel.remoteAddress?.ipAddress
            return .json(try await pairing.request(hello, from: fingerprint, address: address))
        case (.GET, 4):
            try await Self.drain(&parts)
            let wait = query["wait"].flatMap(Double.init) ?? 0
            return .json(try await pairing.status(segments[3], peer: fingerprint, wait: wait))
        case (.POST, 5) where segments[4] == "confirm":
            let confirmation: PairConfirmation = try await Self.decodeBody(&parts)
            return .json(try await pairing.confirm(segments[3], accept: confirmation.accept, peer: fingerprint))
        default:
            try await Self.drain(&parts)
            throw TransferError(.notFound, "no such endpoint: \(head.method) \(path); see docs/transfer.md")
        }
    }

    static func decodeBody<T: Decodable>(_ parts: inout Inbound) async throws -> T {
        let body = try await RequestBody(limit: 16 * 1024).read(&parts)
        do { return try JSONDecoder().decode(T.self, from: Data(body)) } catch {
            throw TransferError(.badRequest, "the body is not JSON of the documented shape (docs/transfer.md): \(error)")
        }
    }
}
