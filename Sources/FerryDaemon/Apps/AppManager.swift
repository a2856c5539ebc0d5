import FerryCore
import FoundationEssentials
import Logging

/// The facade ferryd's callers talk to, and the owner of every managed app's controller: it
/// performs what its parts decide. ``AppController`` (one app's lifecycle, session, queue, token
/// and process, one dictionary of them), ``RegistryService`` (the apps as read, reloads and
/// resolution), ``ForegroundArbiter`` (who comes forward and who makes way), ``StateKeeper``
/// (saved states on disk), ``ProcessSupervisor`` (spawning, signals). Data protection talks to it
/// only as ``ProtectedApps``. It answers with typed results (``OpenReply``…), never frames or
/// exit codes.
///
/// All lifecycle work for one app runs through its controller's ``TicketQueue`` (operations in
/// arrival order) and exchange lock (one event at a time). Every method re-checks the app's state
/// after each `await`, because other operations may have run meanwhile.
actor AppManager {
    let configuration: DaemonConfiguration
    let logger: Logger
    /// The installed apps: resolved under a lock, read again on a thread of its own.
    nonisolated let registryService: RegistryService
    /// Every app the daemon has seen, each owning its session, queue, token and process.
    var controllers: [String: AppController] = [:]
    /// Which app is in front, and the turn to come forward.
    var foreground = ForegroundArbiter()
    /// The launch-image notification while a URL cold-launches an app; nil shows none.
    var launchNotifications: LaunchNotifications?
    let clock = ContinuousClock()
    let supervisor: ProcessSupervisor
    /// Wakes the sweeper (SweeperService), which sleeps while no app runs.
    nonisolated let sweepAlarm = Alarm()
    /// Data protection (set by ``Daemon/run()``); nil: everything counts as available.
    let protection: ProtectionController?
    /// The apps' saved states on disk.
    let states: StateKeeper

    /// - Parameter records: Where started apps are written down; ``Daemon/run()`` ends a previous
    ///   ferryd's apps from them before it makes the manager, so making one ends nothing.
    init(configuration: DaemonConfiguration, logger: Logger, reaper: ProcessReaper, records: AppRecords,
         protection: ProtectionController? = nil) {
        self.configuration = configuration
        self.protection = protection
        self.logger = logger
        supervisor = ProcessSupervisor(reaper: reaper, records: records, logDirectory: configuration.logDirectory, logger: logger)
        registryService = RegistryService(paths: configuration.paths, logger: logger)
        states = StateKeeper(store: configuration.stateStore, logger: logger)
    }

    /// Reloads now if an app folder or the user's choices changed (``RegistryService/reloadIfFoldersChanged()``).
    /// Off the actor: a command's check makes no hop here.
    @discardableResult
    nonisolated func reloadIfFoldersChanged() async -> Bool {
        await registryService.reloadIfFoldersChanged()
    }

    /// Reads the app folders and the user's choices again (the watcher's reload), off the actor.
    nonisolated func reload() async {
        await registryService.reload()
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
            if try controllers[app]!.apply(step, wallClock: Self.now, now: clock.now, budget: configuration.backgroundTaskBudget) {
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

extension AppManager {
    /// Every app's lifecycle, for a ``BroadcastPlan``.
    var lifecycles: [String: AppLifecycle] { controllers.mapValues(\.lifecycle) }

    /// Sends `event` to `apps` in turn, each only while `stillDue` holds for its lifecycle (an
    /// earlier exchange may have changed it). - Returns: How many answered.
    func tell(_ apps: [String], _ event: LifecycleEvent, stillDue: (AppLifecycle) -> Bool) async -> Int {
        var told = 0
        for app in apps {
            guard let lifecycle = controllers[app]?.lifecycle, stillDue(lifecycle) else { continue }
            if (try? await exchange(app, event)) != nil { told += 1 }
        }
        return told
    }
}
