import FerryCore

extension AppManager {
    /// Opens a URL as `ferry open` does, admission and turn together, for callers inside ferryd
    /// (a received file): the same typed call, its reply returned.
    func open(_ request: OpenRequest) async -> OpenReply {
        switch await admit(request) {
        case .done(let reply): return reply
        case .queued(let ticket, let request): return await perform(ticket, request) { _ in }
        }
    }

    /// Runs an admitted `open` in its turn and reports the outcome through `deliver`, once: without
    /// `wait`, as soon as the URL is on its way; errors after that are logged only.
    /// - Returns: The reply delivered.
    @discardableResult
    func perform(_ ticket: Ticket, _ request: OpenRequest, deliver: @Sendable (OpenReply) async -> Void) async -> OpenReply {
        do { try await waitTurn(ticket) } catch {
            // The caller went away before its turn: its place is given up, nothing was sent to the app.
            let reply = OpenReply.failed(id: request.id, app: ticket.app,
                                         .appFailed("the open of \(request.url) was cancelled before \(ticket.app) got it"))
            await deliver(reply)
            return reply
        }
        defer { finishTurn(ticket) }
        var early: OpenResult?
        let reply: OpenReply
        do {
            // A D-Bus desktop app holds no turn: a hung one must not keep others from the front.
            let needsForeground = !isDBusApp(ticket.app)
                && foreground.needsTurn(ticket.app, state: state(ticket.app), background: request.background)
            if needsForeground { try await acquireForeground() }
            defer { if needsForeground { releaseForeground() } }
            let outcome = try await open(ticket.app, request) { result in
                early = result
                await deliver(.opened(result))
            }
            reply = .opened(outcome)
        } catch {
            reply = .failed(id: request.id, app: ticket.app, failure(error, ticket, request))
        }
        // The launch image (if one is up) goes when the open ends, launched or failed.
        await launchNotifications?.end(ticket.app)
        if let early { return .opened(early) }
        await deliver(reply)
        return reply
    }

    private func failure(_ error: any Error, _ ticket: Ticket, _ request: OpenRequest) -> DaemonError {
        switch error {
        case is CancellationError:
            logger.notice("open cancelled", metadata: ["app": "\(ticket.app)"])
            return .appFailed("the open of \(request.url) was cancelled")
        case let error as DaemonError:
            logger.notice("open failed", metadata: ["app": "\(ticket.app)", "error": "\(error)"])
            return error
        default:
            return .appFailed("\(error)")
        }
    }

    /// Walks the lifecycle plan for the request. Without `wait`, the outcome is delivered just
    /// before `open` is sent; with it, after the app's answer.
    private func open(_ app: String, _ request: OpenRequest, early: (OpenResult) async -> Void) async throws -> OpenResult {
        guard let installed = registryService.app(app) else { throw DaemonError(.unknownApp, "\(app) is no longer installed") }
        if let target = installed.dbusActivation { return try await openOverDBus(installed, target, request) }
        // An app that dropped its connection is on its way out: launch it anew rather than fail.
        if controllers[app]?.session.connectionLost == true { await awaitExit(app, timeout: configuration.quitTimeout) }
        let outcome = outcomeName(from: state(app), background: request.background)
        if let previous = foreground.mustResign(before: app, background: request.background) { await resign(previous) }
        var result = OpenResult(id: request.id, app: app, outcome: outcome)
        var declined = false
        let plan = controller(app).lifecycle.planOpen(background: request.background)
        guard !plan.isEmpty else { throw DaemonError.appFailed("\(app) is quitting; open the URL again once it has exited") }
        for step in plan {
            switch step {
            case .spawn:
                launchNotifications?.begin(installed, url: request.url)
                try spawn(installed)
                try await awaitConnection(app)
            case .send(.willFinishLaunching), .send(.didFinishLaunching):
                guard case .send(let event) = step else { continue }
                let accepted = try await exchange(app, event, options: request.options, launch: true)
                if !accepted && !declined {
                    declined = true
                    result.outcome = .declined
                    result.message = "\(app) declined the URL in \(event.rawValue)"
                }
            case .send(.open):
                if declined { continue }
                result.pid = controllers[app]?.pid
                if request.wait {
                    result.handled = try await exchange(app, .open, url: request.url, options: request.options)
                } else {
                    await early(result)
                    try await sendOpen(app, url: request.url, options: request.options)
                }
            case .send(let event):
                _ = try await exchange(app, event)
                if event == .didBecomeActive { foreground.becameActive(app) }
            case .resume:
                resume(app)
                // What happened while it was stopped, before willEnterForeground (or the open).
                await deliverQueued(app)
            default:
                continue
            }
        }
        result.pid = controllers[app]?.pid
        return result
    }

    private func outcomeName(from state: AppLifecycle.State, background: Bool) -> OpenResult.Outcome {
        switch state {
        case .notRunning: .launched
        case _ where background: .background
        case .background, .suspended: .foreground
        default: .active
        }
    }

    /// Moves the foreground app out, as another comes forward.
    func resign(_ app: String) async {
        for step in controller(app).lifecycle.planResign() {
            guard case .send(let event) = step else { continue }
            do { _ = try await exchange(app, event) } catch {
                logger.notice("resign failed", metadata: ["app": "\(app)", "error": "\(error)"])
                break
            }
        }
        foreground.left(app)
    }

    func acquireForeground() async throws {
        try await foreground.turn.acquire()
    }

    func releaseForeground() {
        foreground.turn.release()
    }
}
