import FerryCore
import FerryTransfer
import Foundation

/// The client requests about file transfers (docs/protocol.md, "File transfers").
enum TransferFrames {
    static let types: Set<String> = Set(["send", "cancel", "web-share", "receiving", "trust", "pending", "accept", "decline"]).union(PairFrames.types)
    /// `ferry send`'s exit codes: delivered 0, declined or refused 77, failed 74.
    static let declinedCode: Int32 = 77
    static let failedCode: Int32 = 74
    /// A send stopped by a `cancel` frame, as an interrupted `ferry send` exits.
    static let cancelledCode: Int32 = 130

    static func serve(_ frame: WireFrame, transfers: TransferSlot, localSend: LocalSendLink? = nil, send: @escaping @Sendable (WireFrame) async -> Void) async {
        let id = frame.id ?? 0
        // A freshly started ferryd loads its identity while the first request may already be here:
        // wait for the transfer service to fill the slot (or say it could not start).
        guard let hub = await transfers.hub() else {
            await send(failure(id, "file transfers are not running in ferryd (see its log)"))
            return
        }
        do {
            switch frame.type {
            case "send":
                let localSendRequest = if let localSend { await LocalSendSendRequest.route(frame, link: localSend, hub: hub) } else { nil as LocalSendSendRequest? }
                await send(await transfers.sends.run(frame.offer, id) {
                    if let localSendRequest { return await localSendRequest.run(progress: send) }
                    return await SendRequest(frame: frame, hub: hub).run(progress: send)
                })
            case "cancel": await send(try cancel(frame, transfers.sends))
            case "web-share": await send(await LocalSendWebShare(frame: frame, hub: hub, link: localSend).run(progress: send))
            case "receiving": await send(try await receiving(frame, hub))
            case "trust": await send(try trust(frame, hub))
            case "pending": await send(try await pending(frame, hub))
            case let type where PairFrames.types.contains(type): await send(await PairFrames.serve(frame, hub, progress: send))
            default: await send(try await answer(frame, hub))
            }
        } catch let error as TransferError {
            await send(failure(id, error.message))
        } catch {
            await send(failure(id, "\(error)"))
        }
    }

    /// 77 for a refusal (mode, trust, limits, space, a decline), 74 for anything else.
    static func exitCode(for error: TransferError) -> Int32 {
        let refused: Set<TransferError.Code> = [.receivingOff, .notAContact, .declined, .tooLarge, .noSpace]
        return refused.contains(error.code) ? declinedCode : failedCode
    }

    static func failure(_ id: Int, _ message: String, code: Int32 = failedCode) -> WireFrame {
        var result = WireFrame.result(id, outcome: "failed")
        result.message = message
        result.exitCode = code
        return result
    }

    /// `cancel`: stops the running send whose id is `offer`.
    static func cancel(_ frame: WireFrame, _ sends: RunningSends) throws -> WireFrame {
        let name = frame.offer ?? ""
        guard sends.cancel(name) else {
            throw TransferError(.notFound, "no send \(name.debugDescription) is running in this ferryd; `ferry send` prints the id it sends as")
        }
        var result = WireFrame.result(frame.id ?? 0, outcome: "cancelled")
        result.offer = name
        return result
    }

    static func receiving(_ frame: WireFrame, _ hub: TransferHub) async throws -> WireFrame {
        switch frame.mode {
        case nil: break
        case "off": await hub.receiving.set(.off)
        case "contacts": await hub.receiving.set(.contacts)
        case "everyone": await hub.receiving.set(.everyone(until: Date() + ReceivingMode.everyoneDuration))
        case let other?: throw TransferError(.badRequest, "unknown receiving mode \(other.debugDescription); use off, contacts or everyone")
        }
        let mode = await hub.receiving.current
        var result = WireFrame.result(frame.id ?? 0, outcome: mode.name)
        result.mode = mode.name
        if case .everyone(let until) = mode {
            result.message = "everyone for \(Int(until.timeIntervalSinceNow.rounded())) s, then contacts only"
        }
        return result
    }

    static func trust(_ frame: WireFrame, _ hub: TransferHub) throws -> WireFrame {
        let id = frame.id ?? 0
        switch frame.event ?? "list" {
        case "list":
            var result = WireFrame.result(id, outcome: "ok")
            result.trusted = try hub.trust.load().map { .init(fingerprint: $0.fingerprint, name: $0.name, autoAccept: $0.autoAccept) }
            return result
        case "add":
            guard let fingerprint = frame.fingerprint?.lowercased(), OfferPolicy.isHexDigest(fingerprint) else {
                throw TransferError(.badRequest, "a fingerprint is 64 hex digits (the receiver's `ferry trust self` prints it)")
            }
            try hub.trust.trust(TrustedPeer(fingerprint: fingerprint, name: frame.peer ?? String(fingerprint.prefix(16)),
                                            autoAccept: frame.mode != "ask"))
            return .result(id, outcome: "trusted")
        case "revoke":
            let gone = try hub.trust.revoke(frame.peer ?? frame.fingerprint ?? "")
            guard !gone.isEmpty else { throw TransferError(.notFound, "no trusted peer is named or starts with \((frame.peer ?? frame.fingerprint ?? "").debugDescription); see ferry trust") }
            var result = WireFrame.result(id, outcome: "revoked")
            result.trusted = gone.map { .init(fingerprint: $0.fingerprint, name: $0.name) }
            return result
        case "self":
            var result = WireFrame.result(id, outcome: "ok")
            result.fingerprint = hub.identity.fingerprint
            result.peer = hub.senderName
            return result
        case let other:
            throw TransferError(.badRequest, "unknown trust action \(other.debugDescription)")
        }
    }

    static func pending(_ frame: WireFrame, _ hub: TransferHub) async throws -> WireFrame {
        var result = WireFrame.result(frame.id ?? 0, outcome: "ok")
        result.offers = await (hub.receiver?.pending() ?? []).map {
            .init(id: $0.id, sender: $0.sender, files: $0.files, bytes: $0.bytes, fingerprint: $0.senderFingerprint, url: $0.url)
        }
        return result
    }

    static func answer(_ frame: WireFrame, _ hub: TransferHub) async throws -> WireFrame {
        let offer = frame.offer ?? ""
        let done = frame.type == "accept" ? await hub.receiver?.accept(offer) : await hub.receiver?.decline(offer)
        guard done == true else {
            throw TransferError(.notFound, "no offer \(offer.debugDescription) is waiting; see ferry inbox pending")
        }
        return .result(frame.id ?? 0, outcome: frame.type == "accept" ? "accepted" : "declined")
    }
}
