import FerryCore

#if canImport(Glibc)
import Glibc
#endif

extension AppManager {
    /// `ferry ps`: every app the daemon has run, with its state, pid and since when.
    func status() -> [WireFrame.AppStatus] {
        apps.keys.sorted().map { app in
            let record = apps[app]!
            return WireFrame.AppStatus(bundleId: app, state: record.lifecycle.appState.rawValue,
                                       pid: record.pid, since: record.since)
        }
    }

    /// `ferry quit`: willTerminate if the app can still run code, then it must exit; killed after the timeout.
    func quit(_ app: String) async throws(DaemonError) -> String {
        guard apps[app]?.pid != nil else { throw DaemonError(message: "\(app) is not running", exitCode: 1) }
        let ticket = Ticket(number: ticketQueue(app).take(), app: app)
        do { try await waitTurn(ticket) } catch {
            throw DaemonError(message: "quit of \(app) cancelled before its turn", exitCode: 75)
        }
        defer { finishTurn(ticket) }
        apps[app]?.quitting = true
        for step in record(app).lifecycle.planQuit() {
            switch step {
            case .send(let event):
                do { _ = try await exchange(app, event) } catch {
                    forceKill(app, reason: "\(error)")
                    await awaitExit(app, timeout: configuration.quitTimeout)
                    return "quit"
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
        return "quit"
    }

    /// `ferry kill`: the user's force-quit, at once.
    func forceQuit(_ app: String) async throws(DaemonError) -> String {
        guard apps[app]?.pid != nil else { throw DaemonError(message: "\(app) is not running", exitCode: 1) }
        forceKill(app, reason: "ferry kill")
        await awaitExit(app, timeout: configuration.quitTimeout)
        discardStateAfterForceQuit(app)
        return "killed"
    }

    /// Memory pressure: suspended apps are purged first, the others warned.
    /// - Returns: How many apps were warned and how many terminated.
    func memoryWarning() async -> (warned: Int, terminated: Int) {
        var warned = 0, terminated = 0
        for app in apps.keys.sorted() where state(app) == .suspended {
            forceKill(app, reason: "memory pressure")
            terminated += 1
        }
        for app in apps.keys.sorted() {
            guard record(app).lifecycle.planMemoryWarning() == [.send(.didReceiveMemoryWarning)] else { continue }
            if (try? await exchange(app, .didReceiveMemoryWarning)) != nil { warned += 1 }
        }
        logger.notice("memory warning", metadata: ["warned": "\(warned)", "terminated": "\(terminated)"])
        return (warned, terminated)
    }

    /// Enforces deadlines and suspends idle background apps. Called every few tens of milliseconds.
    ///
    /// - Returns: Idle apps that exit on suspend (UIApplicationExitsOnSuspend): the caller quits
    ///   them, outside the sweep, whose deadlines the quit's events rely on.
    @discardableResult
    func sweep() -> [String] {
        let now = clock.now
        var terminate: [String] = []
        for app in apps.keys {
            if let waiter = apps[app]?.connectWaiter, waiter.deadline <= now {
                expire(app, waiter.reason)
            } else if let late = apps[app]?.pendingReplies.values.first(where: { $0.deadline <= now }) {
                expire(app, late.reason)
            }
            if let deadline = apps[app]?.exitDeadline, deadline <= now {
                apps[app]?.exitDeadline = nil
                forceKill(app, reason: "did not exit within \(configuration.quitTimeout)")
            }
            if suspendIfIdle(app, now: now) { terminate.append(app) }
        }
        return terminate
    }

    private func expire(_ app: String, _ reason: String) {
        let message = "\(app) \(reason); it was killed"
        fail(app, message)
        forceKill(app, reason: reason)
    }

    /// Suspends the app if it has been idle in the background long enough.
    /// - Returns: Whether it should be terminated instead (it exits on suspend); it is marked quitting.
    private func suspendIfIdle(_ app: String, now: ContinuousClock.Instant) -> Bool {
        guard let record = apps[app], record.lifecycle.state == .background, !record.runsInBackground, !record.quitting,
              let since = record.backgroundSince, now - since >= configuration.suspendAfter,
              !record.exchange.isHeld, record.pendingReplies.isEmpty, tickets[app]?.isIdle ?? true
        else { return false }
        if record.exitsOnSuspend {
            apps[app]?.quitting = true
            logger.info("terminating instead of suspending", metadata: ["app": "\(app)", "why": "UIApplicationExitsOnSuspend"])
            return true
        }
        suspend(app)
        return false
    }

    /// Whether a deadline is pending, so the sweeper should look again soon.
    var hasDeadlines: Bool {
        apps.values.contains { $0.connectWaiter != nil || !$0.pendingReplies.isEmpty || $0.exitDeadline != nil }
    }

    /// Stops every app at shutdown: willTerminate where it can run code, then kill what is left.
    func terminateAll() async {
        for app in apps.keys.sorted() where apps[app]?.pid != nil {
            _ = try? await quit(app)
        }
    }
}
