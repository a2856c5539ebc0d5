import FerryCore

extension AppManager {
    /// Runs an admitted `open` in its turn and reports the outcome through `deliver`, once.
    func perform(_ ticket: Ticket, _ request: OpenRequest, deliver: @Sendable (WireFrame) async -> Void) async {
        do { try await waitTurn(ticket) } catch {
            // The caller went away before its turn: its place is given up, nothing was sent to the app.
            await deliver(.failure(request.id, .appFailed("the open of \(request.url) was cancelled before \(ticket.app) got it"), app: ticket.app))
            return
        }
        defer { finishTurn(ticket) }
        var delivered = false
        do {
            let needsForeground = !request.background && !(state(ticket.app) == .active && foreground == ticket.app)
            if needsForeground { try await acquireForeground() }
            defer { if needsForeground { releaseForeground() } }
            let outcome: WireFrame
            do {
                outcome = try await open(ticket.app, request) { frame in
                    delivered = true
                    await deliver(frame)
                }
                await launchNotifications?.end(ticket.app)
            } catch {
                await launchNotifications?.end(ticket.app)
                throw error
            }
            if !delivered { await deliver(outcome) }
        } catch is CancellationError {
            logger.notice("open cancelled", metadata: ["app": "\(ticket.app)"])
            if !delivered { await deliver(.failure(request.id, .appFailed("the open of \(request.url) was cancelled"), app: ticket.app)) }
        } catch let error as DaemonError {
            logger.notice("open failed", metadata: ["app": "\(ticket.app)", "error": "\(error)"])
            if !delivered { await deliver(.failure(request.id, error, app: ticket.app)) }
        } catch {
            if !delivered { await deliver(.failure(request.id, .appFailed("\(error)"), app: ticket.app)) }
        }
    }

    /// Walks the lifecycle plan for the request. Without `wait`, the outcome is delivered just
    /// before `open` is sent; with it, after the app's answer.
    private func open(_ app: String, _ request: OpenRequest, early: (WireFrame) async -> Void) async throws -> WireFrame {
        guard let installed = registry.app(app) else { throw DaemonError(message: "\(app) is no longer installed", exitCode: 67) }
        // An app that dropped its connection is on its way out: launch it anew rather than fail.
        if apps[app]?.connectionLost == true { await awaitExit(app, timeout: configuration.quitTimeout) }
        let outcome = outcomeName(from: state(app), background: request.background)
        if !request.background, let previous = foreground, previous != app { await resign(previous) }
        var result = WireFrame.result(request.id, outcome: outcome, app: app)
        var declined = false
        let plan = record(app).lifecycle.planOpen(background: request.background)
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
                    result.outcome = "declined"
                    result.exitCode = 77
                    result.message = "\(app) declined the URL in \(event.rawValue)"
                }
            case .send(.open):
                if declined { continue }
                result.pid = record(app).pid
                if request.wait {
                    result.handled = try await exchange(app, .open, url: request.url, options: request.options)
                } else {
                    await early(result)
                    try await sendOpen(app, url: request.url, options: request.options)
                }
            case .send(let event):
                _ = try await exchange(app, event)
                if event == .didBecomeActive { foreground = app }
            case .resume:
                resume(app)
            default:
                continue
            }
        }
        result.pid = record(app).pid
        return result
    }

    private func outcomeName(from state: AppLifecycle.State, background: Bool) -> String {
        switch state {
        case .notRunning: "launched"
        case _ where background: "background"
        case .background, .suspended: "foreground"
        default: "active"
        }
    }

    /// Moves the foreground app out, as another comes forward.
    func resign(_ app: String) async {
        for step in record(app).lifecycle.planResign() {
            guard case .send(let event) = step else { continue }
            do { _ = try await exchange(app, event) } catch {
                logger.notice("resign failed", metadata: ["app": "\(app)", "error": "\(error)"])
                break
            }
        }
        if foreground == app { foreground = nil }
    }

    func acquireForeground() async throws {
        try await foregroundLock.acquire()
    }

    func releaseForeground() {
        foregroundLock.release()
    }
}
