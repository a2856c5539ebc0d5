import FerryCore

extension AppManager {
    /// Resolves an `open` request and, for a managed app, takes its place in the app's queue.
    /// Suspends only on a miss, to read the registry again if it changed: a request that resolves
    /// takes its place in the order its connection read it. Nonisolated, so that a command app's
    /// open (the common case) is answered without a hop onto the actor and back.
    nonisolated func admit(_ request: OpenRequest) async -> Admission {
        var resolution = resolve(request)
        if case .missed(let error) = resolution {
            guard await reloadIfFoldersChanged() else { return .done(.failed(id: request.id, app: nil, error)) }
            resolution = resolve(request)
        }
        switch resolution {
        case .answered(let reply): return .done(reply)
        case .queue(let app): return await enqueue(request, for: app)
        case .missed(let error): return .done(.failed(id: request.id, app: nil, error))
        }
    }

    /// What `request` needs, from the registry in place, without waiting: an answer (a command app,
    /// or a URL that cannot be opened), a place in an app's queue, or a read of the registry.
    nonisolated func resolve(_ request: OpenRequest) -> Resolution {
        let url: FerryURL
        do { url = try FerryURL(request.url) } catch {
            return .answered(.failed(id: request.id, app: nil, DaemonError(.invalidURL, error.description)))
        }
        let app: InstalledApp
        do { app = try registryService.handler(for: url, forced: request.app) } catch { return .missed(error) }
        // A D-Bus desktop app is opened by ferryd in its turn (Desktop/AppManager+DBus.swift).
        guard app.manifest.kind == .managed || app.dbusActivation != nil else { return .answered(command(for: app, request)) }
        return .queue(app.bundleIdentifier)
    }

    enum Resolution: Sendable {
        case answered(OpenReply)
        case queue(String)
        /// No app opens the URL in the registry in place; a reload may find one.
        case missed(DaemonError)
    }

    private func enqueue(_ request: OpenRequest, for app: String) -> Admission {
        .queued(Ticket(number: ticketQueue(app).take(), app: app), request)
    }

    /// A command app runs in the client, so it gets the caller's terminal: send it what to start.
    private nonisolated func command(for app: InstalledApp, _ request: OpenRequest) -> OpenReply {
        do {
            // From PATH alone: the client starts the app with its own environment plus the FERRY_
            // variables below, so copying and filtering ferryd's whole environment bought nothing.
            let path = configuration.environment["PATH"].map { ["PATH": $0] } ?? [:]
            let launch = try LaunchCommand(app: app, url: request.url, sourceApplication: request.source,
                                           paths: configuration.paths, environment: path)
            let added = launch.environment.filter { $0.key.hasPrefix("FERRY_") && configuration.environment[$0.key] != $0.value }
            let command = CommandToRun(executable: launch.executable, arguments: launch.arguments, environment: added)
            return .opened(OpenResult(id: request.id, app: app.bundleIdentifier, outcome: .command, command: command))
        } catch {
            return .failed(id: request.id, app: app.bundleIdentifier, .failedToStart(error.description))
        }
    }

    /// The app's queue, made with its controller on first use.
    func ticketQueue(_ app: String) -> TicketQueue {
        controller(app).tickets
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
