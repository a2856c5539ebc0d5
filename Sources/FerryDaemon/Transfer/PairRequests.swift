import FerryCore
import FerryTransfer
import FoundationEssentials

/// Serves the client requests about pairing (docs/protocol.md, "Pairing"). The asking side sends
/// `pair` then `pair-confirm`; the receiving side lists with `pair-pending` and answers with
/// `pair-accept` or `pair-decline`.
enum PairRequests {
    static func serve(_ request: PairRequest, _ hub: TransferHub,
                      progress: @escaping @Sendable (DaemonReply.Progress) async -> Void) async -> DaemonReply.Result {
        do {
            switch request {
            case .ask(let pair): return try await ask(pair, hub)
            case .confirm(let confirm): return try await self.confirm(confirm, hub, progress: progress)
            case .pending: return try await self.pending(hub)
            case .accept(let accept): return try await self.accept(accept, hub, progress: progress)
            case .decline(let decline): return try await self.decline(decline, hub)
            }
        } catch {
            let code = error.code == .notFound ? .notFound : TransferRequests.failure(for: error)
            return TransferRequests.failure(error.message, code: code)
        }
    }

    /// Asks the peer to pair and tells the client the code to compare.
    static func ask(_ request: ClientRequest.Pair, _ hub: TransferHub) async throws(TransferError) -> DaemonReply.Result {
        var peer = try await PeerTarget(request).endpoint(hub)
        let client = TransferClient(identity: hub.identity, senderName: hub.senderName)
        let (answer, code) = try await client.requestPairing(with: peer)
        peer.name = Pairing.cleanName(answer.name) ?? peer.name
        hub.outgoingPairs.withLock { $0[answer.pair] = peer }
        var result = DaemonReply.Result(outcome: try Self.outcome(answer.status))
        result.offer = answer.pair
        result.code = code
        result.peer = peer.name
        result.fingerprint = peer.fingerprint
        return result
    }

    /// The asking user compared the codes: tell the peer, and on a yes wait for its user.
    static func confirm(_ request: ClientRequest.PairConfirm, _ hub: TransferHub,
                        progress: @escaping @Sendable (DaemonReply.Progress) async -> Void) async throws(TransferError) -> DaemonReply.Result {
        let pair = request.offer
        guard let peer = hub.outgoingPairs.withLock({ $0.removeValue(forKey: pair) }) else {
            throw TransferError(.notFound, "no pair request \(pair.debugDescription) was made by this ferryd; run ferry pair PEER again")
        }
        let accept = request.confirmed
        let client = TransferClient(identity: hub.identity, senderName: hub.senderName)
        let answer = try await client.confirmPairing(pair, accept: accept, with: peer) {
            await progress(waiting())
        }
        guard accept else { throw TransferError(.declined, "pairing with \(peer.name) cancelled here; nothing was trusted") }
        guard answer.status == "paired" else {
            throw TransferError(.declined, "\(peer.name) did not pair: \(answer.message ?? "declined"); nothing was trusted")
        }
        try hub.trust.trust(TrustedPeer(fingerprint: peer.fingerprint, name: peer.name, autoAccept: true))
        return paired(name: peer.name, fingerprint: peer.fingerprint)
    }

    static func pending(_ hub: TransferHub) async throws(TransferError) -> DaemonReply.Result {
        var result = DaemonReply.Result(outcome: .ok)
        result.pairRequests = try await pairing(hub).pending().map { .init(id: $0.id, name: $0.name, code: $0.code, fingerprint: $0.peer) }
        return result
    }

    /// This user accepts (checking `code` when given), then waits for the asking user.
    static func accept(_ request: ClientRequest.PairAccept, _ hub: TransferHub,
                       progress: @escaping @Sendable (DaemonReply.Progress) async -> Void) async throws(TransferError) -> DaemonReply.Result {
        let pairing = try pairing(hub)
        var pair = try await pairing.decide(request.offer, accept: true, code: request.code)
        if pair.status == .pending { await progress(waiting()) }
        while pair.status == .pending {
            guard let next = await pairing.outcome(pair.id, wait: 25) else { break }
            pair = next
        }
        switch pair.status {
        case .paired: return paired(name: pair.name, fingerprint: pair.peer)
        case .declined(let why): throw TransferError(.declined, "\(pair.name) did not pair: \(why); nothing was trusted")
        case .pending: throw TransferError(.failed, "the pair request from \(pair.name) vanished")
        }
    }

    static func decline(_ request: ClientRequest.OfferAnswer, _ hub: TransferHub) async throws(TransferError) -> DaemonReply.Result {
        _ = try await pairing(hub).decide(request.offer, accept: false)
        return .init(outcome: .declined)
    }

    /// The peer's `status` (`pending`, `paired`, `declined`) as this protocol's outcome.
    static func outcome(_ status: String) throws(TransferError) -> DaemonReply.Outcome {
        switch status {
        case "pending": .pending
        case "paired": .paired
        case "declined": .declined
        default: throw TransferError(.failed, "the peer answered the pair request with \(status.debugDescription)")
        }
    }

    static func pairing(_ hub: TransferHub) throws(TransferError) -> Pairing {
        guard let pairing = hub.pairing else { throw TransferError(.failed, "pairing is not running in ferryd (see its log)") }
        return pairing
    }

    static func waiting() -> DaemonReply.Progress {
        DaemonReply.Progress(event: .waiting)
    }

    static func paired(name: String, fingerprint: String) -> DaemonReply.Result {
        var result = DaemonReply.Result(outcome: .paired)
        result.peer = name
        result.fingerprint = fingerprint
        return result
    }
}
