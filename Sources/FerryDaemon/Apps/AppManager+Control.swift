import FerryCore

extension AppManager {
    /// `ferry ps`: every app the daemon has run, with its state, pid and since when.
    func status() -> [AppStatusRow] {
        controllers.keys.sorted().compactMap { app in
            controllers[app]!.listed ? controllers[app]!.row(app, now: clock.now) : nil
        }
    }

    /// `ferry quit`: willTerminate if the app can still run code, then it must exit; killed after the timeout.
    func quit(_ app: String) async throws(DaemonError) -> QuitOutcome {
        guard controllers[app]?.pid != nil else { throw DaemonError(.notRunning, "\(app) is not running") }
        let ticket = Ticket(number: ticketQueue(app).take(), app: app)
        do { try await waitTurn(ticket) } catch {
            throw DaemonError.appFailed("quit of \(app) cancelled before its turn")
        }
        defer { finishTurn(ticket) }
        controllers[app]?.session.markQuitting()
        for step in controller(app).lifecycle.planQuit() {
            switch step {
            case .send(let event):
                do { _ = try await exchange(app, event) } catch {
                    forceKill(app, reason: "\(error)")
                    await awaitExit(app, timeout: configuration.quitTimeout)
                    return .quit
                }
            case .terminate:
                // The app exits by itself after willTerminate; the sweeper kills it after the timeout.
                apply(.terminate, to: app)
            case .kill:
                forceKill(app, reason: "quit while \(state(app))")
            default:
                continue
            }
        }
        await awaitExit(app, timeout: configuration.quitTimeout)
        return .quit
    }

    /// `ferry kill`: the user's force-quit, at once.
    func forceQuit(_ app: String) async throws(DaemonError) -> QuitOutcome {
        guard controllers[app]?.pid != nil else { throw DaemonError(.notRunning, "\(app) is not running") }
        forceKill(app, reason: "ferry kill")
        await awaitExit(app, timeout: configuration.quitTimeout)
        states.discardAfterForceQuit(app)
        return .killed
    }

    /// What a sweep leaves to the caller, outside the sweep, whose deadlines these events rely on.
    struct SweepWork {
        /// Idle apps that exit on suspend (UIApplicationExitsOnSuspend): quit them.
        var quit: [String] = []
        /// Background tasks whose budget nearly ran out: send `backgroundTaskWillExpire`.
        var warn: [(app: String, task: Int)] = []
    }

    /// Enforces deadlines and background budgets and suspends idle background apps. Called every
    /// few tens of milliseconds.
    @discardableResult
    func sweep() -> SweepWork {
        let now = clock.now
        var work = SweepWork(warn: dueBackgroundWarnings(now: now))
        for app in controllers.keys {
            for action in controllers[app]?.session.sweep(now: now) ?? [] {
                switch action {
                case .expire(let reason, let waiters):
                    fail(app, waiters, "\(app) \(reason); it was killed")
                    forceKill(app, reason: reason)
                case .kill(let reason):
                    forceKill(app, reason: reason)
                }
            }
            if suspendIfIdle(app, now: now) { work.quit.append(app) }
        }
        return work
    }

    /// Suspends the app if it has been idle in the background long enough.
    /// - Returns: Whether it should be terminated instead (it exits on suspend); it is marked quitting.
    private func suspendIfIdle(_ app: String, now: ContinuousClock.Instant) -> Bool {
        switch controllers[app]?.idleAction(now: now, suspendAfter: configuration.suspendAfter) {
        case .terminate:
            logger.info("terminating instead of suspending", metadata: ["app": "\(app)", "why": "UIApplicationExitsOnSuspend"])
            return true
        case .suspend:
            suspend(app)
            return false
        case nil:
            return false
        }
    }

    /// Whether a deadline is pending, so the sweeper should look again soon.
    var hasDeadlines: Bool {
        controllers.values.contains { $0.session.hasDeadlines }
    }

    /// How long the sweeper may sleep: briefly while a deadline runs, a quarter second while an
    /// app runs (it may go idle in the background), and until a launch rings
    /// ``sweepAlarm`` when none runs.
    var nextSweep: Duration? {
        if hasDeadlines { return .milliseconds(25) }
        if hasBackgroundBudgets { return .milliseconds(50) }
        return controllers.values.contains { $0.pid != nil } ? .milliseconds(250) : nil
    }

    /// Stops every app at shutdown: willTerminate where it can run code, then kill what is left.
    func terminateAll() async {
        for app in controllers.keys.sorted() where controllers[app]?.pid != nil {
            _ = try? await quit(app)
        }
    }
}
