import FerryCore
import Logging
import ServiceLifecycle

/// ferryd: the socket server, the app manager and its helpers, run as one service group with
/// graceful shutdown on SIGTERM and SIGINT.
public struct Daemon {
    let configuration: DaemonConfiguration
    let logger: Logger

    public init(configuration: DaemonConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    /// Runs until SIGTERM or SIGINT; managed apps are told to terminate on the way out.
    ///
    /// - Throws: When another ferryd holds the socket, or the socket cannot be bound.
    public func run() async throws {
        let lock = try SingleInstance.acquire(socketPath: configuration.socketPath)
        defer { _ = lock }
        let reaper = ProcessReaper()
        let manager = AppManager(configuration: configuration, logger: logger, reaper: reaper)
        let watched = configuration.paths.appFolders.filter { $0.kind != .builtIn }.map(\.path)
            + [configuration.paths.configHome]
        let services: [any Service] = [
            ReaperService(reaper: reaper, manager: manager),
            SweeperService(manager: manager),
            AppsService(manager: manager),
            RegistryWatcher(folders: watched, manager: manager, delay: configuration.reloadDelay, logger: logger),
            MemoryPressureMonitor(manager: manager, threshold: configuration.memoryPressureThreshold, logger: logger),
            DaemonServer(socketPath: configuration.socketPath, manager: manager, logger: logger),
        ]
        let group = ServiceGroup(configuration: .init(
            services: services.map { .init(service: $0) },
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger))
        try await group.run()
    }
}

/// Holds the managed apps for the daemon's life and stops them when it shuts down.
struct AppsService: Service {
    let manager: AppManager

    func run() async throws {
        try? await gracefulShutdown()
        await manager.terminateAll()
    }
}
