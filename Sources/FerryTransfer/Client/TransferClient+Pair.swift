import FoundationEssentials

extension TransferClient {
    /// Asks `peer` to pair.
    ///
    /// - Returns: The peer's answer (its request id and device name) and the code computed from
    ///   this device's certificate and the one the peer presented in the handshake.
    /// - Throws: ``TransferError``: a wrong certificate, the peer's refusal, or a connection failure.
    public func requestPairing(with peer: PeerEndpoint) async throws(TransferError) -> (answer: PairAnswer, code: String) {
        let body = Self.json(PairHello(name: senderName))
        let own = identity.fingerprint
        return try await connected(to: peer) { exchange, presented in
            let answer: PairAnswer = try Self.decode(try await exchange.request(.POST, "/ferry/v1/pair", body: body), from: peer.name)
            guard let code = PairingCode.code(own, presented) else {
                throw TransferError(.failed, "\(peer.name) presented a certificate without a usable fingerprint")
            }
            return (answer, code)
        }
    }

    /// Tells `peer` whether this user confirmed the code of request `id`; when they did, waits
    /// until the peer's user decides too (or the request expires there).
    ///
    /// - Parameter waiting: Called once when the peer's user has not decided yet.
    /// - Returns: The final answer: `paired` or `declined`.
    public func confirmPairing(_ id: String, accept: Bool, with peer: PeerEndpoint,
                               waiting: @escaping @Sendable () async -> Void = {}) async throws(TransferError) -> PairAnswer {
        let body = Self.json(PairConfirmation(accept: accept))
        return try await connected(to: peer) { exchange, _ in
            var answer: PairAnswer = try Self.decode(try await exchange.request(.POST, "/ferry/v1/pair/\(id)/confirm", body: body), from: peer.name)
            if answer.status == "pending" { await waiting() }
            while answer.status == "pending" {
                answer = try Self.decode(try await exchange.request(.GET, "/ferry/v1/pair/\(id)?wait=25"), from: peer.name)
            }
            return answer
        }
    }

    static func json(_ value: some Encodable) -> [UInt8] {
        (try? JSONEncoder().encode(value)).map(Array.init) ?? Array("{}".utf8)
    }
}
