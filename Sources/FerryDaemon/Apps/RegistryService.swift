import CFerrySys
import FerryCore
import Logging
import NIOCore
import NIOPosix
import Synchronization

/// The installed apps and the user's choices in memory: reads them again when asked (the
/// watcher's reload, a command's check) and resolves which app opens a URL. Reads run on
/// ``registryThread``; resolving only takes a lock, so the app manager resolves an `open`
/// without suspending and without a hop to another actor.
final class RegistryService: Sendable {
    private struct State {
        var store: RegistryStore
        /// Registry reads begun, the initial one included (see ``RegistryStore/generation``).
        var readsBegun = 0
    }

    let paths: FerryPaths
    let logger: Logger
    private let state: Mutex<State>

    /// Reads the registry (blocking), before anything can be opened.
    init(paths: FerryPaths, logger: Logger) {
        self.paths = paths
        self.logger = logger
        state = Mutex(State(store: RegistryStore.load(paths)))
        Self.releaseFreedMemory()
    }

    var registry: Registry { state.withLock { $0.store.registry } }
    var defaults: HandlerDefaults { state.withLock { $0.store.defaults } }
    /// The installed apps with the types they declare, from the same read.
    var appsAndTypes: (apps: [InstalledApp], types: TypeTree) {
        state.withLock { ($0.store.registry.apps, $0.store.types) }
    }
    /// Which read is in place (``RegistryStore/generation``).
    var generation: Int { state.withLock { $0.store.generation } }

    /// The installed app with `bundleIdentifier`, if any.
    func app(_ bundleIdentifier: String) -> InstalledApp? {
        registry.app(bundleIdentifier)
    }

    /// The app that opens `url`: the one `forced` names, else the scheme's handler.
    /// - Throws: ``DaemonError`` `.unknownApp` or `.noHandler`, its message naming the app or scheme.
    func handler(for url: FerryURL, forced: String?) throws(DaemonError) -> InstalledApp {
        let (registry, defaults) = state.withLock { ($0.store.registry, $0.store.defaults) }
        do {
            return try registry.handler(scheme: url.scheme, forced: forced, defaults: defaults)
        } catch {
            let code: DaemonError.Code = if case .unknownApp = error { .unknownApp } else { .noHandler }
            throw DaemonError(code, error.message)
        }
    }
}

extension RegistryService {
    /// Reloads now if an app folder, a desktop `applications` folder, a `mimeapps.list` or the
    /// user's choices changed since the last reload: called for each client connection (each
    /// command) and on a miss, so a change counts from the very next command, before inotify's
    /// reload comes round (or where inotify cannot watch a folder created later). A slow disk
    /// holds no cooperative thread, and `open`s meanwhile use the registry as it was.
    /// - Returns: Whether it reloaded.
    @discardableResult
    func reloadIfFoldersChanged() async -> Bool {
        let check = beginCheck()
        return await Self.fileWork(check)
    }

    /// ``reloadIfFoldersChanged()`` with its answer on `eventLoop`: ferryd's listener begins it as
    /// it accepts a connection, so the check usually has its answer before the first request is read.
    func reloadIfFoldersChanged(on eventLoop: any EventLoop) -> EventLoopFuture<Bool> {
        let check = beginCheck()
        return Self.registryThread.runIfActive(eventLoop: eventLoop, check).recover { _ in check() }
    }

    /// The check, numbered now: it runs on the registry thread and installs a changed read there.
    private func beginCheck() -> @Sendable () -> Bool {
        let started = ContinuousClock.now, paths = paths
        let (generation, known) = beginRead()
        return {
            guard var fresh = RegistryStore.loadIfChanged(paths, since: known) else { return false }
            fresh.generation = generation
            self.install(fresh, started: started)
            return true
        }
    }

    /// Reads the app folders and the user's choices again (the watcher's reload).
    func reload() async {
        let started = ContinuousClock.now, paths = paths
        let (generation, _) = beginRead()
        var fresh = await Self.fileWork { RegistryStore.load(paths) }
        fresh.generation = generation
        install(fresh, started: started)
    }

    /// Numbers a new read. - Returns: Its generation, and the stamps of the read in place.
    func beginRead() -> (generation: Int, stamps: [String: Int]) {
        state.withLock { state in
            state.readsBegun += 1
            return (state.readsBegun, state.store.stamps)
        }
    }

    /// Installs a read unless one that began later is already in place.
    /// - Returns: Whether it was installed.
    @discardableResult
    func install(_ fresh: RegistryStore, started: ContinuousClock.Instant) -> Bool {
        let installed = state.withLock { state in
            guard fresh.replaces(state.store) else { return false }
            state.store = fresh
            return true
        }
        guard installed else { return false }
        forgetUninstalledVendors(fresh.registry)
        Self.releaseFreedMemory()
        logger.info("registry reloaded", metadata: [
            "apps": "\(fresh.registry.apps.count)", "problems": "\(fresh.registry.diagnostics.count)",
            "ms": "\((ContinuousClock.now - started).milliseconds)",
        ])
        return true
    }

    /// Decoding thousands of manifests leaves the heap full of freed blocks; give them back to the
    /// system so ferryd's resident size is what it keeps, not what it once parsed.
    static func releaseFreedMemory() {
        _ = ferry_malloc_trim(0)
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
}
