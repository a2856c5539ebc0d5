import FerryCore
import FerryDiscovery
import NIOCore

extension Connection {
    /// A managed app: bind it to its launch by token, then pass its replies to the manager.
    func serveApp(
        token: String, restoration: Bool = false,
        _ lines: inout NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator,
        _ outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    ) async throws {
        // attach writes the welcome itself, on the channel events go out on, so it comes first.
        let link = ChannelAppLink(channel: channel.channel, version: version, vendors: VendorLookup(manager: manager))
        guard let app = await manager.attach(token: token, link: link, restoration: restoration) else {
            try await send(.failure(WireError(.unknownToken, "no launch by this ferryd has this token")), outbound)
            return
        }
        do {
            try await relayReplies(app: app, token: token, &lines, outbound)
        } catch {
            await manager.detach(token: token)
            throw error
        }
        await manager.detach(token: token)
    }

    /// Returns when the app closes its end, breaks the protocol or floods ferryd; the caller then
    /// detaches it, which counts as a crash.
    private func relayReplies(
        app: String, token: String,
        _ lines: inout NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator,
        _ outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    ) async throws {
        var rate = FrameRate()
        var strays = 0
        while let message = try await next(&lines, outbound) {
            let inbound = AppInbound(message)
            // A reply to an event ferryd sent is paced by ferryd's own events, so only frames sent
            // unasked count: `ferry open -` of 1,100 URLs had a quick app cut as a flood.
            if case .reply(let reply) = inbound, reply.body.archive == nil,
               await manager.reply(token: token, id: reply.id, result: reply.body.result) {
                continue
            }
            guard rate.admit(at: .now) else {
                logger.error("\(app) flooded ferryd with more than \(rate.limit) frames in \(rate.window); disconnected and killed")
                try? await send(.failure(WireError(.malformedFrame, "more than \(rate.limit) frames in \(rate.window)")), outbound)
                return
            }
            switch inbound {
            case .state(let chunk):
                await manager.receiveState(token: token, chunk)
            case .backgroundTask(let task):
                await manager.backgroundTask(token: token, id: task.id, task.body)
            case .reply(let reply):
                // One without an archive was matched above: it answers nothing.
                if reply.body.archive != nil {
                    await manager.receiveState(token: token, .init(id: reply.id, .reply(reply.body)))
                    if await manager.reply(token: token, id: reply.id, result: reply.body.result) { continue }
                }
                strays += 1
                // One line, not one per stray: a flood of them must not fill the log before the cut.
                if strays == 1 { logger.notice("\(app) sent a reply nothing waits for", metadata: ["id": "\(reply.id)"]) }
                guard strays <= FrameRate.strayLimit else {
                    logger.error("\(app) sent more than \(FrameRate.strayLimit) replies nothing waits for; disconnected and killed")
                    try? await send(.failure(WireError(.malformedFrame, "more than \(FrameRate.strayLimit) replies to no event")), outbound)
                    return
                }
            case .refused(let error):
                try await send(.failure(error), outbound)
                return
            }
        }
    }

    /// A client: requests in, results out; opens run in child tasks, queued in the order read.
    func serveClient(
        _ lines: inout NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator,
        _ outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    ) async throws {
        let sends = ClientTasks()
        // Also when this connection's task is cancelled (ferryd stops): its sends are not child tasks.
        try await withTaskCancellationHandler {
            try await serveRequests(sends: sends, &lines, outbound)
        } onCancel: {
            sends.cancelAll()
        }
    }

    private func serveRequests(
        sends: ClientTasks,
        _ lines: inout NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator,
        _ outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    ) async throws {
        try await withThrowingDiscardingTaskGroup { group in
            // However the loop ends, the sends end with it (see below).
            defer { sends.cancelAll() }
            var watching = false
            while let message = try await next(&lines, outbound) {
                switch RequestRoute.of(message) {
                case .success(let route):
                    try await dispatch(route.body, id: route.id, in: &group, sends: sends, watching: &watching, outbound)
                case .failure(let refusal):
                    try await send(.failure(refusal), outbound)
                }
            }
            // The client is gone: stop streaming to it, and stop its sends, which only it could
            // report on (a killed `ferry send` must not leave the transfer running, nor the
            // receiver's offer open against the next send's resume). Opens in flight finish.
            if watching { group.cancelAll() }
        }
    }

    /// Answers at once what is quick; opens wait their turn, transfers and a peer watch run on,
    /// in child tasks.
    private func dispatch(
        _ route: RequestRoute, id: Int, in group: inout ThrowingDiscardingTaskGroup<any Error>, sends: ClientTasks,
        watching: inout Bool, _ outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    ) async throws {
        // Every answer goes out in the envelope of the request it answers.
        let answer: @Sendable (DaemonReply) async throws -> Void = { try await send(.reply(.init(id: id, $0)), outbound) }
        switch route {
        case .open(let open):
            switch await manager.admit(OpenRequest(id: id, open)) {
            case .done(let reply):
                try await answer(.result(.init(reply)))
            case .queued(let ticket, let request):
                group.addTask {
                    await manager.perform(ticket, request) { reply in try? await answer(.result(.init(reply))) }
                }
            }
        case .control(.peers(let peers)) where peers.wait == true:
            watching = true
            let updates = await discovery.watch()
            try await answer(.result(await self.peers(peers)))
            group.addTask { await streamPeers(updates, outbound) }
        case .control(let control):
            try await answer(.result(await self.control(control)))
        case .transfer(let transfer):
            let task = Task { await TransferRequests.serve(transfer, transfers: transfers, localSend: localSend) { try? await answer($0) } }
            if transfer.endsWithClient { sends.add(task) }
            group.addTask { await task.value }
        case .protection(let protection):
            try await answer(.result(await ProtectionRequests.serve(protection, manager.protection)))
        }
    }

    private func control(_ request: ControlRequest) async -> DaemonReply.Result {
        do {
            switch request {
            case .ps:
                var result = DaemonReply.Result(outcome: .ok)
                result.apps = await manager.status().map(\.row)
                result.protection = await manager.protection?.report()
                return result
            case .quit(let target):
                return .init(outcome: try await manager.quit(target.app).outcome, app: target.app)
            case .kill(let target):
                return .init(outcome: try await manager.forceQuit(target.app).outcome, app: target.app)
            case .memoryWarning:
                let report = await manager.memoryWarning()
                return .init(outcome: .sent,
                             message: "\(report.warned) app(s) warned, \(report.terminated) suspended app(s) terminated")
            case .ping: return .init(outcome: .pong)
            case .peers(let peers): return await self.peers(peers)
            case .peerAdd(let peer): return try await manualPeer(peer, adding: true)
            case .peerRemove(let peer): return try await manualPeer(peer, adding: false)
            case .state(let query):
                return .init(try await manager.stateRequest(query.app, discard: query.discard == true), app: query.app)
            }
        } catch let error as DiscoveryError {
            return .failed(error.message)
        } catch let error as DaemonError {
            return .failure(error, app: request.app)
        } catch {
            return .failure(.appFailed("\(error)"), app: request.app)
        }
    }
}
