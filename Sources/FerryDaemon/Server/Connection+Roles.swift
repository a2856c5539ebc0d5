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
        let link = ChannelAppLink(channel: channel.channel, version: version)
        guard let app = await manager.attach(token: token, link: link, restoration: restoration) else {
            try await send(WireError(.unknownToken, "no launch by this ferryd has this token").frame, outbound)
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
        while let frame = try await next(&lines, outbound) {
            guard rate.admit(at: .now) else {
                logger.error("\(app) flooded ferryd with more than \(rate.limit) frames in \(rate.window); disconnected and killed")
                try? await send(WireError(.malformedFrame, "more than \(rate.limit) frames in \(rate.window)").frame, outbound)
                return
            }
            if frame.type == "state-data" || frame.archive != nil { await manager.receiveState(token: token, frame) }
            if frame.type == "state-data" { continue }
            guard frame.type == "reply", let id = frame.id else {
                try await send(WireError(.malformedFrame, "an app sends only reply frames after hello").frame, outbound)
                return
            }
            await manager.reply(token: token, id: id, result: frame.result ?? false)
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
            while let frame = try await next(&lines, outbound) {
                if frame.type == "peers", frame.wait == true {
                    watching = true
                    let updates = await discovery.watch()
                    try await send(await peers(frame), outbound)
                    group.addTask { await streamPeers(updates, outbound) }
                    continue
                }
                if TransferFrames.types.contains(frame.type) {
                    let task = Task { await TransferFrames.serve(frame, transfers: transfers, localSend: localSend) { try? await send($0, outbound) } }
                    if frame.type == "send" || frame.type == "web-share" { sends.add(task) }
                    group.addTask { await task.value }
                    continue
                }
                guard frame.type == "open" else {
                    try await send(await control(frame), outbound)
                    continue
                }
                switch await manager.admit(OpenRequest(frame)) {
                case .done(let reply):
                    try await send(WireFrame(reply), outbound)
                case .queued(let ticket, let request):
                    group.addTask {
                        await manager.perform(ticket, request) { reply in try? await send(WireFrame(reply), outbound) }
                    }
                }
            }
            // The client is gone: stop streaming to it, and stop its sends, which only it could
            // report on (a killed `ferry send` must not leave the transfer running, nor the
            // receiver's offer open against the next send's resume). Opens in flight finish.
            if watching { group.cancelAll() }
        }
    }

    private func control(_ frame: WireFrame) async -> WireFrame {
        let id = frame.id ?? 0
        do {
            switch frame.type {
            case "ps":
                var result = WireFrame.result(id, outcome: "ok")
                result.apps = await manager.status().map(\.frame)
                result.protection = await manager.protection?.report()
                return result
            case "quit": return .result(id, outcome: try await manager.quit(frame.app ?? "").rawValue, app: frame.app)
            case "kill": return .result(id, outcome: try await manager.forceQuit(frame.app ?? "").rawValue, app: frame.app)
            case "memory-warning":
                let report = await manager.memoryWarning()
                var result = WireFrame.result(id, outcome: "sent")
                result.message = "\(report.warned) app(s) warned, \(report.terminated) suspended app(s) terminated"
                return result
            case "ping": return .result(id, outcome: "pong")
            case "peers": return await peers(frame)
            case "peer-add", "peer-remove": return try await manualPeer(frame)
            case "state":
                let app = frame.app ?? ""
                return WireFrame(id, try await manager.stateRequest(app, discard: frame.discard == true), app: app)
            case let type where WireFrame.protectionTypes.contains(type):
                return await ProtectionFrames.serve(frame, manager.protection)
            default: return WireError(.malformedFrame, "clients may not send \(frame.type) frames").frame
            }
        } catch let error as DiscoveryError {
            var failure = WireFrame.result(id, outcome: "failed")
            failure.message = error.message
            return failure
        } catch let error as DaemonError {
            return .failure(id, error, app: frame.app)
        } catch {
            return .failure(id, .appFailed("\(error)"), app: frame.app)
        }
    }
}
