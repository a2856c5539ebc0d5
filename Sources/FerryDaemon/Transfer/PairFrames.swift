import FerryCore
import FerryTransfer
import Foundation

/// The client requests about pairing (docs/protocol.md, "Pairing"). The asking side sends `pair`
/// then `pair-confirm`; the receiving side lists with `pair-pending` and answers with
/// `pair-accept` or `pair-decline`.
enum PairFrames {
    static let types: Set<String> = ["pair", "pair-confirm", "pair-pending", "pair-accept", "pair-decline"]

    static func serve(_ frame: WireFrame, _ hub: TransferHub, progress: @escaping @Sendable (WireFrame) async -> Void) async -> WireFrame {
        let id = frame.id ?? 0
        do {
            switch frame.type {
            case "pair": return try await ask(frame, hub)
            case "pair-confirm": return try await confirm(frame, hub, progress: progress)
            case "pair-pending": return try await pending(frame, hub)
            case "pair-accept": return try await accept(frame, hub, progress: progress)
            default: return try await decline(frame, hub)
            }
        } catch {
            return TransferFrames.failure(id, error.message, code: TransferFrames.exitCode(for: error))
        }
    }

    /// Asks the peer to pair and tells the client the code to compare.
    static func ask(_ frame: WireFrame, _ hub: TransferHub) async throws(TransferError) -> WireFrame {
        var peer = try await SendRequest(frame: frame, hub: hub).endpoint()
        let client = TransferClient(identity: hub.identity, senderName: hub.senderName)
        let (answer, code) = try await client.requestPairing(with: peer)
        peer.name = Pairing.cleanName(answer.name) ?? peer.name
        hub.outgoingPairs.withLock { $0[answer.pair] = peer }
        var result = WireFrame.result(frame.id ?? 0, outcome: answer.status)
        result.offer = answer.pair
        result.code = code
        result.peer = peer.name
        result.fingerprint = peer.fingerprint
        return result
    }

    /// The asking user compared the codes: tell the peer, and on a yes wait for its user.
    static func confirm(_ frame: WireFrame, _ hub: TransferHub,
                        progress: @escaping @Sendable (WireFrame) async -> Void) async throws(TransferError) -> WireFrame {
        let id = frame.id ?? 0
        let request = frame.offer ?? ""
        guard let peer = hub.outgoingPairs.withLock({ $0.removeValue(forKey: request) }) else {
            throw TransferError(.notFound, "no pair request \(request.debugDescription) was made by this ferryd; run ferry pair PEER again")
        }
        let accept = frame.result == true
        let client = TransferClient(identity: hub.identity, senderName: hub.senderName)
        let answer = try await client.confirmPairing(request, accept: accept, with: peer) {
            await progress(waitingFrame(id))
        }
        guard accept else { throw TransferError(.declined, "pairing with \(peer.name) cancelled here; nothing was trusted") }
        guard answer.status == "paired" else {
            throw TransferError(.declined, "\(peer.name) did not pair: \(answer.message ?? "declined"); nothing was trusted")
        }
        try hub.trust.trust(TrustedPeer(fingerprint: peer.fingerprint, name: peer.name, autoAccept: true))
        return paired(id, name: peer.name, fingerprint: peer.fingerprint)
    }

    static func pending(_ frame: WireFrame, _ hub: TransferHub) async throws(TransferError) -> WireFrame {
        var result = WireFrame.result(frame.id ?? 0, outcome: "ok")
        result.pairRequests = try await pairing(hub).pending().map { .init(id: $0.id, name: $0.name, code: $0.code, fingerprint: $0.peer) }
        return result
    }

    /// This user accepts (checking `code` when given), then waits for the asking user.
    static func accept(_ frame: WireFrame, _ hub: TransferHub,
                       progress: @escaping @Sendable (WireFrame) async -> Void) async throws(TransferError) -> WireFrame {
        let id = frame.id ?? 0
        let pairing = try pairing(hub)
        var request = try await pairing.decide(frame.offer ?? "", accept: true, code: frame.code)
        if request.status == .pending { await progress(waitingFrame(id)) }
        while request.status == .pending {
            guard let next = await pairing.outcome(request.id, wait: 25) else { break }
            request = next
        }
        switch request.status {
        case .paired: return paired(id, name: request.name, fingerprint: request.peer)
        case .declined(let why): throw TransferError(.declined, "\(request.name) did not pair: \(why); nothing was trusted")
        case .pending: throw TransferError(.failed, "the pair request from \(request.name) vanished")
        }
    }

    static func decline(_ frame: WireFrame, _ hub: TransferHub) async throws(TransferError) -> WireFrame {
        _ = try await pairing(hub).decide(frame.offer ?? "", accept: false)
        return .result(frame.id ?? 0, outcome: "declined")
    }

    static func pairing(_ hub: TransferHub) throws(TransferError) -> Pairing {
        guard let pairing = hub.pairing else { throw TransferError(.failed, "pairing is not running in ferryd (see its log)") }
        return pairing
    }

    static func waitingFrame(_ id: Int) -> WireFrame {
        var frame = WireFrame(type: "progress", id: id)
        frame.event = "waiting"
        return frame
    }

    static func paired(_ id: Int, name: String, fingerprint: String) -> WireFrame {
        var result = WireFrame.result(id, outcome: "paired")
        result.peer = name
        result.fingerprint = fingerprint
        return result
    }
}
