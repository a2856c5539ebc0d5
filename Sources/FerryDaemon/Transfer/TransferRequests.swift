import FerryCore
import FerryLocalSend
import FerryTransfer
import FoundationEssentials

/// Serves the client requests about file transfers (docs/protocol.md, "File transfers").
enum TransferRequests {
    /// Answers `request` through `send`: its progress first for the long ones, then one result.
    static func serve(_ request: TransferRequest, transfers: TransferSlot, localSend: LocalSendLink? = nil,
                      send: @escaping @Sendable (DaemonReply) async -> Void) async {
        // A freshly started ferryd loads its identity while the first request may already be here:
        // wait for the transfer service to fill the slot (or say it could not start).
        guard let hub = await transfers.hub() else {
            await send(.result(failure("file transfers are not running in ferryd (see its log)")))
            return
        }
        let progress: @Sendable (DaemonReply.Progress) async -> Void = { await send(.progress($0)) }
        do {
            await send(.result(try await answer(request, hub, transfers: transfers, localSend: localSend, progress: progress)))
        } catch let error as TransferError {
            await send(.result(failure(error.message, code: error.code == .notFound ? .notFound : .transferFailed)))
        } catch {
            await send(.result(failure("\(error)")))
        }
    }

    private static func answer(_ request: TransferRequest, _ hub: TransferHub, transfers: TransferSlot, localSend: LocalSendLink?,
                               progress: @escaping @Sendable (DaemonReply.Progress) async -> Void) async throws -> DaemonReply.Result {
        switch request {
        case .send(let send):
            if let ambiguity = await PeerNames.ambiguity(send.peer, ferry: hub.peers, localSend: localSend?.peers) {
                return failure(ambiguity, code: .ambiguousPeer)
            }
            let localSendRequest = if let localSend { await LocalSendSendRequest.route(send, link: localSend, hub: hub) } else { nil as LocalSendSendRequest? }
            return await transfers.sends.run(send.offer) {
                if let localSendRequest { return await localSendRequest.run(progress: progress) }
                return await SendRequest(request: send, hub: hub).run(progress: progress)
            }
        case .cancel(let cancel): return try self.cancel(cancel, transfers.sends)
        case .webShare(let share): return await LocalSendWebShare(request: share, hub: hub, link: localSend).run(progress: progress)
        case .receiving(let receiving): return try await self.receiving(receiving, hub)
        case .trust(let trust): return try self.trust(trust, hub)
        case .pending: return await self.pending(hub)
        case .accept(let answer): return try await self.answer(answer, accept: true, hub, gone: localSend?.goneOffers)
        case .decline(let answer): return try await self.answer(answer, accept: false, hub, gone: localSend?.goneOffers)
        case .pair(let pair):
            if case .ask(let ask) = pair, let ambiguity = await PeerNames.ambiguity(ask.peer, ferry: hub.peers, localSend: nil) {
                return failure(ambiguity, code: .ambiguousPeer)
            }
            return await PairRequests.serve(pair, hub, progress: progress)
        }
    }

    /// `declined` for a refusal (mode, trust, limits, space, a decline), `transfer-failed` for anything else.
    static func failure(for error: TransferError) -> DaemonReply.Failure {
        let refused: Set<TransferError.Code> = [.receivingOff, .notAContact, .declined, .tooLarge, .noSpace]
        return refused.contains(error.code) ? .declined : .transferFailed
    }

    static func failure(_ message: String, code: DaemonReply.Failure = .transferFailed) -> DaemonReply.Result {
        .failed(message, failure: code)
    }

    /// `cancel`: stops the running send whose id is `offer`.
    static func cancel(_ request: ClientRequest.OfferAnswer, _ sends: RunningSends) throws -> DaemonReply.Result {
        let name = request.offer
        guard sends.cancel(name) else {
            throw TransferError(.notFound, "no send \(name.debugDescription) is running in this ferryd; `ferry send` prints the id it sends as")
        }
        var result = DaemonReply.Result(outcome: .cancelled)
        result.offer = name
        return result
    }

    static func receiving(_ request: ClientRequest.Receiving, _ hub: TransferHub) async throws -> DaemonReply.Result {
        switch request.mode {
        case nil: break
        case .off: await hub.receiving.set(.off)
        case .contacts: await hub.receiving.set(.contacts)
        case .everyone: await hub.receiving.set(.everyone(until: Date() + ReceivingMode.everyoneDuration))
        }
        let current = await hub.receiving.current
        var result = DaemonReply.Result(outcome: Self.mode(current).outcome)
        result.mode = Self.mode(current)
        if case .everyone(let until) = current {
            result.message = "everyone for \(Int(until.timeIntervalSinceNow.rounded())) s, then contacts only"
        }
        return result
    }

    static func mode(_ mode: ReceivingMode) -> ClientRequest.Receiving.Mode {
        switch mode {
        case .off: .off
        case .contacts: .contacts
        case .everyone: .everyone
        }
    }

    static func trust(_ request: ClientRequest.Trust, _ hub: TransferHub) throws -> DaemonReply.Result {
        switch request.action {
        case .list:
            var result = DaemonReply.Result(outcome: .ok)
            result.trusted = try hub.trust.load().map { .init(fingerprint: $0.fingerprint, name: $0.name, autoAccept: $0.autoAccept) }
            return result
        case .add:
            guard let fingerprint = request.fingerprint?.lowercased(), OfferPolicy.isHexDigest(fingerprint) else {
                throw TransferError(.badRequest, "a fingerprint is 64 hex digits (the receiver's `ferry trust self` prints it)")
            }
            try hub.trust.trust(TrustedPeer(fingerprint: fingerprint, name: request.peer ?? String(fingerprint.prefix(16)),
                                            autoAccept: request.autoAccept ?? true))
            return .init(outcome: .trusted)
        case .revoke:
            let named = request.peer ?? request.fingerprint ?? ""
            let gone = try hub.trust.revoke(named)
            guard !gone.isEmpty else { throw TransferError(.notFound, "no trusted peer is named or starts with \(named.debugDescription); see ferry trust") }
            var result = DaemonReply.Result(outcome: .revoked)
            result.trusted = gone.map { .init(fingerprint: $0.fingerprint, name: $0.name) }
            return result
        case .`self`:
            var result = DaemonReply.Result(outcome: .ok)
            result.fingerprint = hub.identity.fingerprint
            result.peer = hub.senderName
            return result
        }
    }

    static func pending(_ hub: TransferHub) async -> DaemonReply.Result {
        var result = DaemonReply.Result(outcome: .ok)
        result.offers = await (hub.receiver?.pending() ?? []).map {
            .init(id: $0.id, sender: $0.sender, files: $0.files, bytes: $0.bytes, fingerprint: $0.senderFingerprint, url: $0.url)
        }
        return result
    }

    /// `accept` or `decline` of a waiting offer.
    static func answer(_ request: ClientRequest.OfferAnswer, accept: Bool, _ hub: TransferHub,
                       gone: LocalSendGoneOffers? = nil) async throws -> DaemonReply.Result {
        let offer = request.offer
        let done = accept ? await hub.receiver?.accept(offer) : await hub.receiver?.decline(offer)
        guard done == true else {
            if let why = gone?.message(for: offer) { throw TransferError(.notFound, why) }
            throw TransferError(.notFound, "no offer \(offer.debugDescription) is waiting; see ferry inbox pending")
        }
        return .init(outcome: accept ? .accepted : .declined)
    }
}
