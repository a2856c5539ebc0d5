import CFerrySys
import FerryCore
import FerryDiscovery
import Logging
import ServiceLifecycle

#if canImport(Glibc)
import Glibc
#endif

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
        Self.limitMallocArenas()
        let lock = try SingleInstance.acquire(socketPath: configuration.socketPath)
        defer { _ = lock }
        configuration.removeTransferPortFile()
        defer { configuration.removeTransferPortFile() }
        let reaper = ProcessReaper()
        let protection = ProtectionController(paths: configuration.paths, grace: configuration.protectionGrace, logger: logger)
        // Before anything can launch: a previous ferryd's apps would otherwise run twice.
        let records = AppRecords(socketPath: configuration.socketPath)
        records.endOrphans(logger: logger)
        let manager = AppManager(configuration: configuration, logger: logger, reaper: reaper, records: records, protection: protection)
        await protection.attach(manager)
        let watched = configuration.paths.appFolders.filter { $0.kind != .builtIn }.map(\.path)
            + [configuration.paths.configHome] + configuration.paths.desktop.watchedFolders
        let receiving = ReceivingState(configuration.receivingMode)
        let discovery = await makeDiscovery(receiving: receiving)
        // The transfer service owns its hub and hands it to the router, which waits on it.
        var transfers = TransferService(configuration: configuration, manager: manager, receiving: receiving,
                                        discovery: discovery, logger: logger)
        let notifier = DesktopNotifier(environment: configuration.environment, configHome: configuration.paths.configHome, logger: logger)
        transfers.notifier = notifier
        await manager.showLaunches(LaunchNotifications(notifier: notifier))
        let localSend = LocalSendLink(settings: configuration.localSend)
        // Shutdown runs in reverse order: the server tells the apps to terminate while the sweeper
        // (timeouts) and the reaper (exits) still run.
        let services: [any Service] = [
            ReaperService(reaper: reaper, manager: manager),
            SweeperService(manager: manager),
            ProtectionService(controller: protection),
            SessionLockWatcher(controller: protection, environment: configuration.environment, logger: logger),
            DaemonServer(socketPath: configuration.socketPath, listeningSocket: configuration.listeningSocket,
                         manager: manager, discovery: discovery, transfers: transfers.hub, localSend: localSend, logger: logger),
            RegistryWatcher(folders: watched, manager: manager, delay: configuration.reloadDelay,
                            alsoRing: discovery.wideAreaSettingsChanged, logger: logger),
            DefaultsWatcher(configuration: configuration, manager: manager, logger: logger),
            SystemChangeWatcher(environment: configuration.environment, manager: manager, logger: logger),
            MemoryPressureMonitor(manager: manager, threshold: configuration.memoryPressureThreshold, logger: logger),
            transfers,
            LocalSendService(configuration: configuration, transfers: transfers.hub, link: localSend, logger: logger),
            // Last, so it stops first: peers get our goodbye before anything else winds down.
            DiscoveryService(discovery: discovery, logger: logger),
        ]
        let group = ServiceGroup(configuration: .init(
            // The server returns on its own when its socket path is gone (see SocketIdentity):
            // everything else then winds down as on SIGTERM, and ferryd exits 0.
            services: services.map {
                .init(service: $0, successTerminationBehavior: $0 is DaemonServer ? .gracefullyShutdownGroup : .cancelGroup)
            },
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger))
        try await group.run()
    }

    /// One malloc arena per core, before ferryd's threads start. glibc gives each thread that
    /// allocates while the others hold theirs a new arena, up to 8 per core, and each keeps its own
    /// free blocks: a 10,000-file offer peaked 2.6 MB higher (42.0 → 39.4 MB, A/B medians, the
    /// cap set through GLIBC_TUNABLES on the same binary), with no change in the transfer's time or CPU.
    static func limitMallocArenas() {
        _ = ferry_malloc_arena_max(Int32(max(2, sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
    }
}
