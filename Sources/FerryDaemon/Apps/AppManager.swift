import CFerrySys
import FerryCore
import FoundationEssentials
import Logging
import NIOPosix

#if canImport(Glibc)
import Glibc
#endif

/// Owns every managed app's state and the registry in memory, and decides what happens to
/// each app; its parts do the rest: ``RegistryStore`` (the apps as read), ``ProcessSupervisor``
/// (spawning, signals, tokens), ``AppSession`` and ``AppLifecycle`` (one app's process,
/// connection and lifecycle, as state machines), state preservation (`State/`), memory pressure
/// (`Watch/`). It answers with typed results (``OpenReply``…), never frames or exit codes.
///
/// All lifecycle work for one app runs through its ``TicketQueue`` (operations in arrival order)
/// and its exchange lock (one event at a time). Every method re-checks the app's state after each
/// `await`, because other operations may have run meanwhile.
actor AppManager {
    let configuration: DaemonConfiguration
    let logger: Logger
    private(set) var store: RegistryStore
    /// Registry reads begun, the initial one included (see ``RegistryStore/generation``).
    private var readsBegun = 0
    var registry: Registry { store.registry }
    var defaults: HandlerDefaults { store.defaults }
    /// Every app the daemon has seen, each owning its session, queue, token and process.
    var controllers: [String: AppController] = [:]
    /// The app in the foreground, if any.
    var foreground: String?
    /// The launch-image notification while a URL cold-launches an app; nil shows none.
    var launchNotifications: LaunchNotifications?
    /// Only one app comes forward at a time.
    let foregroundLock = FIFOLock()
    let clock = ContinuousClock()
    let supervisor: ProcessSupervisor
    /// Wakes the sweeper (SweeperService), which sleeps while no app runs.
    nonisolated let sweepAlarm = Alarm()
    /// Data protection (set by ``Daemon/run()``); nil: everything counts as available.
    let protection: ProtectionController?

    init(configuration: DaemonConfiguration, logger: Logger, reaper: ProcessReaper, protection: ProtectionController? = nil) {
        self.configuration = configuration
        self.protection = protection
        self.logger = logger
        let records = AppRecords(socketPath: configuration.socketPath)
        supervisor = ProcessSupervisor(reaper: reaper, records: records, logDirectory: configuration.logDirectory, logger: logger)
        store = RegistryStore.load(configuration.paths)
        // Before anything can launch: a previous ferryd's apps would otherwise run twice.
        records.endOrphans(logger: logger)
        Self.releaseFreedMemory()
    }

    /// Decoding thousands of manifests leaves the heap full of freed blocks; give them back to the
    /// system so ferryd's resident size is what it keeps, not what it once parsed.
    static func releaseFreedMemory() {
        _ = ferry_malloc_trim(0)
    }

    /// Reloads now if an app folder, a desktop `applications` folder, a `mimeapps.list` or the
    /// user's choices changed since the last reload: called for each client connection (each
    /// command) and on a miss, so a change counts from the very next command, before inotify's
    /// reload comes round (or where inotify cannot watch a folder created later). The checks and
    /// the reading run on ``registryThread``: a slow disk holds no cooperative thread, and `open`s
    /// meanwhile use the registry as it was.
    /// - Returns: Whether it reloaded.
    @discardableResult
    func reloadIfFoldersChanged() async -> Bool {
        let started = clock.now, generation = beginRead()
        let paths = configuration.paths, known = store.stamps
        guard var fresh = await Self.fileWork({ RegistryStore.loadIfChanged(paths, since: known) }) else { return false }
        fresh.generation = generation
        install(fresh, started: started)
        return true
    }

    /// Reads the app folders and the user's choices again (the watcher's reload), on ``registryThread``.
    func reload() async {
        let started = clock.now, generation = beginRead()
        let paths = configuration.paths
        var fresh = await Self.fileWork { RegistryStore.load(paths) }
        fresh.generation = generation
        install(fresh, started: started)
    }

    private func beginRead() -> Int {
        readsBegun += 1
        return readsBegun
    }

    /// Runs blocking registry reads on a thread of their own (here, once it has stopped).
    static func fileWork<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        (try? await registryThread.runIfActive(body)) ?? body()
    }

    /// Not NIO's shared pool: the transfers' disk writes run there, and two stalled ones (as many
    /// as cores) would hold back the registry check every command makes (StalledDiskEndToEndTests).
    static let registryThread: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        return pool
    }()

    /// Installs a read unless one that began later is already in place.
    private func install(_ fresh: RegistryStore, started: ContinuousClock.Instant) {
        guard fresh.replaces(store) else { return }
        store = fresh
        Self.releaseFreedMemory()
        logger.info("registry reloaded", metadata: [
            "apps": "\(registry.apps.count)", "problems": "\(registry.diagnostics.count)",
            "ms": "\((clock.now - started).milliseconds)",
        ])
    }

    static var now: Double { Date().timeIntervalSince1970 }

    /// The app's controller, made on first use.
    func controller(_ app: String) -> AppController {
        if let controller = controllers[app] { return controller }
        let controller = AppController(now: Self.now)
        controllers[app] = controller
        return controller
    }

    /// Applies `step` to the app's state machine, logging a step the machine refuses.
    @discardableResult
    func apply(_ step: AppLifecycle.Step, to app: String) -> Bool {
        if controllers[app] == nil { controllers[app] = AppController(now: Self.now) }
        do {
            if try controllers[app]!.apply(step, wallClock: Self.now, now: clock.now) {
                logger.debug("state", metadata: ["app": "\(app)", "state": "\(controllers[app]!.lifecycle.appState.rawValue)"])
            }
            return true
        } catch {
            logger.warning("illegal lifecycle step", metadata: ["app": "\(app)", "error": "\(error)"])
            return false
        }
    }

    func state(_ app: String) -> AppLifecycle.State {
        controllers[app]?.state ?? .notRunning
    }
}

extension Duration {
    var milliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
