import CFerrySys
import FerryCore
import FoundationEssentials
import Logging
import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#endif

/// Owns every managed app's state and process, and the registry in memory.
///
/// All lifecycle work for one app runs through its ``TicketQueue`` (operations in arrival order)
/// and its exchange lock (one event at a time). Every method re-checks the app's state after each
/// `await`, because other operations may have run meanwhile.
actor AppManager {
    let configuration: DaemonConfiguration
    let logger: Logger
    private(set) var registry: Registry
    private(set) var defaults: HandlerDefaults
    var apps: [String: ManagedApp] = [:]
    var tickets: [String: TicketQueue] = [:]
    var tokens: [String: String] = [:]
    var processes: [pid_t: String] = [:]
    /// The app in the foreground, if any.
    var foreground: String?
    /// Only one app comes forward at a time.
    let foregroundLock = FIFOLock()
    let clock = ContinuousClock()
    let reaper: ProcessReaper
    /// Each app folder's modification time at the last reload.
    var folderStamps: [String: Int] = [:]
    /// The running apps' pid files, for the next ferryd should this one die.
    let records: AppRecords
    /// Data protection (set by ``Daemon/run()``); nil: everything counts as available.
    let protection: ProtectionController?

    init(configuration: DaemonConfiguration, logger: Logger, reaper: ProcessReaper, protection: ProtectionController? = nil) {
        self.configuration = configuration
        self.protection = protection
        self.logger = logger
        self.reaper = reaper
        registry = Registry(paths: configuration.paths)
        defaults = (try? HandlerDefaults.load(from: configuration.paths.defaultsFile)) ?? HandlerDefaults()
        folderStamps = Self.stamps(configuration.paths)
        records = AppRecords(socketPath: configuration.socketPath)
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
    /// reload comes round (or where inotify cannot watch a folder created later).
    /// - Returns: Whether it reloaded.
    func reloadIfFoldersChanged() -> Bool {
        guard Self.stamps(configuration.paths) != folderStamps else { return false }
        install(Self.load(configuration.paths), started: clock.now)
        return true
    }

    /// Modification times in nanoseconds of the app folders, the desktop's `applications`
    /// folders and its `mimeapps.list` files.
    private static func stamps(_ paths: FerryPaths) -> [String: Int] {
        var stamps: [String: Int] = [:]
        for path in paths.appFolders.map(\.path) + paths.desktop.stampedPaths + [paths.defaultsFile] {
            var info = stat()
            if stat(path, &info) == 0 {
                stamps[path] = info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec
            }
        }
        return stamps
    }

    /// Reads the app folders and the user's choices again.
    /// The watcher's reload: manifests are read and parsed on NIO's thread pool, so thousands of
    /// them (or a slow disk) hold no cooperative thread; `open`s meanwhile use the registry as it was.
    func reload() async {
        let started = clock.now
        let paths = configuration.paths
        let loaded = (try? await NIOThreadPool.singleton.runIfActive { Self.load(paths) }) ?? Self.load(paths)
        install(loaded, started: started)
    }

    private static func load(_ paths: FerryPaths) -> (stamps: [String: Int], registry: Registry, defaults: HandlerDefaults) {
        // Stamps first: a change during the load is seen by the next check.
        let stamps = stamps(paths)
        return (stamps, Registry(paths: paths), (try? HandlerDefaults.load(from: paths.defaultsFile)) ?? HandlerDefaults())
    }

    private func install(_ loaded: (stamps: [String: Int], registry: Registry, defaults: HandlerDefaults), started: ContinuousClock.Instant) {
        folderStamps = loaded.stamps
        registry = loaded.registry
        defaults = loaded.defaults
        Self.releaseFreedMemory()
        logger.info("registry reloaded", metadata: [
            "apps": "\(registry.apps.count)", "problems": "\(registry.diagnostics.count)",
            "ms": "\((clock.now - started).milliseconds)",
        ])
    }

    static var now: Double { Date().timeIntervalSince1970 }

    func record(_ bundleIdentifier: String) -> ManagedApp {
        apps[bundleIdentifier] ?? ManagedApp(now: Self.now)
    }

    /// Applies `step` to the app's state machine, logging a step the machine refuses.
    @discardableResult
    func apply(_ step: AppLifecycle.Step, to bundleIdentifier: String) -> Bool {
        var app = record(bundleIdentifier)
        let before = app.lifecycle.appState
        do {
            try app.lifecycle.apply(step)
        } catch {
            logger.warning("illegal lifecycle step", metadata: ["app": "\(bundleIdentifier)", "error": "\(error)"])
            return false
        }
        if app.lifecycle.appState != before {
            app.since = Self.now
            app.backgroundSince = app.lifecycle.appState == .background ? clock.now : nil
            logger.debug("state", metadata: ["app": "\(bundleIdentifier)", "state": "\(app.lifecycle.appState.rawValue)"])
        }
        apps[bundleIdentifier] = app
        return true
    }

    func state(_ bundleIdentifier: String) -> AppLifecycle.State {
        apps[bundleIdentifier]?.lifecycle.state ?? .notRunning
    }
}

extension Duration {
    var milliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}

