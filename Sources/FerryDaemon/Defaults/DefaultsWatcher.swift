import FerryCore
import Logging
import ServiceLifecycle

#if canImport(Glibc)
import Glibc
#endif

/// Tells running apps that their user defaults changed outside them (`ferry defaults write`, an
/// editor, the administrator), by inotify on every container's `Library/Preferences` and on the
/// administrator's folder; no command has to tell ferryd. A suspended app gets the event on resume,
/// coalesced (``AppManager/post(_:to:)``); an app's own writes are not sent back to it.
struct DefaultsWatcher: Service {
    let containers: String
    let adminFolder: String
    let manager: AppManager
    let logger: Logger

    init(configuration: DaemonConfiguration, manager: AppManager, logger: Logger) {
        containers = configuration.paths.dataHome + "/Containers"
        adminFolder = DefaultsLocations.adminFolder(environment: configuration.environment)
        self.manager = manager
        self.logger = logger
    }

    func run() async throws {
        let (inotify, batches) = Inotify.shared.subscribe()
        defer { inotify.close() }
        var changes = DefaultsChanges()
        try? FileSystem.createDirectories(containers, mode: 0o700)
        if let wd = inotify.watch(containers, mask: DefaultsChanges.folderEvents) { changes.watching(wd, .containers) }
        watchAdmin(inotify, &changes)
        for app in FileSystem.entries(of: containers) ?? [] where !app.hasPrefix(".") {
            watchPreferences(of: app, inotify, &changes)
        }
        for await batch in batches.cancelOnGracefulShutdown() {
            for action in changes.actions(for: batch) {
                switch action {
                case .watchContainer(let app): watchPreferences(of: app, inotify, &changes)
                case .changed(let app, let writer): await deliver(to: app, unlessWrittenBy: writer)
                case .changedForAll: _ = await manager.post(.userDefaultsDidChange, to: nil)
                case .adminFolderMayExist:
                    if watchAdmin(inotify, &changes) { _ = await manager.post(.userDefaultsDidChange, to: nil) }
                }
            }
        }
    }

    /// Watches the administrator's folder, or, while it is missing, the nearest folder above it for
    /// the next one on the way. - Returns: Whether the folder itself is watched.
    @discardableResult
    private func watchAdmin(_ inotify: Inotify.Subscription, _ changes: inout DefaultsChanges) -> Bool {
        // Bounded: a folder on the way that exists but cannot be watched must not spin.
        for _ in 0..<64 {
            if let wd = inotify.watch(adminFolder, mask: DefaultsChanges.fileEvents | UInt32(IN_ONLYDIR)) {
                changes.watching(wd, .admin)
                return true
            }
            guard let awaited = awaitAdmin(inotify, &changes) else { return false }
            // Made between the failed watch and this one: its event is lost, so go round again.
            guard FileSystem.exists(awaited), awaited != adminFolder else { return false }
        }
        return false
    }

    /// Watches the nearest existing folder above the administrator's for the next one on the way.
    /// - Returns: The path awaited, or nil when no folder on the way can be watched.
    private func awaitAdmin(_ inotify: Inotify.Subscription, _ changes: inout DefaultsChanges) -> String? {
        guard let awaited = inotify.awaitCreation(of: adminFolder) else { return nil }
        changes.watching(awaited.watch, .awaiting(child: awaited.name))
        return awaited.path
    }

    /// Makes the container's `Library/Preferences` (iOS containers always have one) and watches it.
    private func watchPreferences(of app: String, _ inotify: Inotify.Subscription, _ changes: inout DefaultsChanges) {
        let folder = DefaultsLocations.preferencesFolder(container: containers + "/" + app)
        try? FileSystem.createDirectories(folder, mode: 0o700)
        guard let wd = inotify.watch(folder, mask: DefaultsChanges.fileEvents | UInt32(IN_ONLYDIR)) else {
            logger.debug("cannot watch an app's preferences", metadata: ["folder": "\(folder)"])
            return
        }
        changes.watching(wd, .preferences(app: app))
    }

    /// Posts `userDefaultsDidChange` to `app`, unless the running app itself wrote the change.
    private func deliver(to app: String, unlessWrittenBy writer: Int32?) async {
        if let writer, await manager.status().contains(where: { $0.bundleId == app && $0.pid == writer }) {
            logger.debug("the app's own defaults write", metadata: ["app": "\(app)"])
            return
        }
        _ = await manager.post(.userDefaultsDidChange, to: app)
    }
}
