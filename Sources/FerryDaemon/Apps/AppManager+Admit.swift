import FerryCore

extension AppManager {
    /// Resolves an `open` request and, for a managed app, takes its place in the app's queue.
    /// Runs without suspending, so requests keep the order in which connections read them.
    func admit(_ request: OpenRequest) -> Admission {
        let url: FerryURL
        do { url = try FerryURL(request.url) } catch {
            return .done(.failure(request.id, DaemonError(message: error.description, exitCode: 65)))
        }
        let app: InstalledApp
        do { app = try handler(for: url, forced: request.app) } catch {
            guard reloadIfFoldersChanged() else { return .done(.failure(request.id, error)) }
            do { app = try handler(for: url, forced: request.app) } catch {
                return .done(.failure(request.id, error))
            }
        }
        guard app.manifest.kind == .managed else { return .done(command(for: app, request)) }
        let number = ticketQueue(app.bundleIdentifier).take()
        return .queued(Ticket(number: number, app: app.bundleIdentifier), request)
    }

    private func handler(for url: FerryURL, forced: String?) throws(DaemonError) -> InstalledApp {
        if let forced {
            guard let app = registry.app(forced) else {
                throw DaemonError(message: "no app \(forced) is installed; see ferry apps", exitCode: 67)
            }
            return app
        }
        guard let app = registry.resolve(scheme: url.scheme, defaults: defaults).handler else {
            throw DaemonError(message: "no app handles \(url.scheme): URLs; install one with ferry install, or see ferry schemes",
                              exitCode: 69)
        }
        return app
    }

    /// A command app runs in the client, so it gets the caller's terminal: send it what to start.
    private func command(for app: InstalledApp, _ request: OpenRequest) -> WireFrame {
        do {
            let launch = try LaunchCommand(app: app, url: request.url, sourceApplication: request.source,
                                           paths: configuration.paths, environment: configuration.environment)
            let added = launch.environment.filter { $0.key.hasPrefix("FERRY_") && configuration.environment[$0.key] != $0.value }
            var frame = WireFrame.result(request.id, outcome: "command", app: app.bundleIdentifier)
            frame.command = WireFrame.CommandSpec(executable: launch.executable, arguments: launch.arguments,
                                                  environment: added)
            return frame
        } catch {
            return .failure(request.id, .failedToStart(error.description), app: app.bundleIdentifier)
        }
    }

    /// The app's queue, made on first use.
    func ticketQueue(_ app: String) -> TicketQueue {
        if let queue = tickets[app] { return queue }
        let queue = TicketQueue()
        tickets[app] = queue
        return queue
    }

    /// Waits for the ticket's turn.
    /// - Throws: `CancellationError` when the caller is cancelled first; the ticket is then given up.
    func waitTurn(_ ticket: Ticket) async throws {
        try await ticketQueue(ticket.app).wait(ticket.number)
    }

    func finishTurn(_ ticket: Ticket) {
        ticketQueue(ticket.app).finish(ticket.number)
    }
}
