import FerryCore

#if canImport(Glibc)
import Glibc
#endif

/// The installed apps and the user's choices as last read, with the folders' modification times
/// then, which tell when to read them again. Reading is blocking file work: the registry service
/// does it on a thread of its own (``RegistryService/registryThread``), never on an actor.
struct RegistryStore: Sendable {
    private(set) var registry: Registry
    private(set) var defaults: HandlerDefaults
    /// The uniform types the apps declare over the system's, built with each read: a received file
    /// is placed by them, and an offer of 10,000 files must not build them 10,000 times.
    private(set) var types: TypeTree
    /// Each watched folder's and file's modification time in nanoseconds, at the read.
    private(set) var stamps: [String: Int]
    /// The order in which reads began: two may be under way at once (the watcher's and a
    /// command's), and the one that began first may end last.
    var generation = 0

    /// Whether this read may take `current`'s place: it began later (it saw the disk as it is now,
    /// or later still).
    func replaces(_ current: RegistryStore) -> Bool { generation > current.generation }

    /// Reads the app folders and the user's choices (blocking).
    static func load(_ paths: FerryPaths) -> RegistryStore {
        // Stamps first: a change during the load is seen by the next check.
        let stamps = stamps(paths)
        let registry = Registry(paths: paths)
        return RegistryStore(registry: registry,
                             defaults: (try? HandlerDefaults.load(from: paths.defaultsFile)) ?? HandlerDefaults(),
                             types: registry.types, stamps: stamps)
    }

    /// Reads them again if a folder or file changed since `known` (blocking). - Returns: nil when none did.
    static func loadIfChanged(_ paths: FerryPaths, since known: [String: Int]) -> RegistryStore? {
        stamps(paths) == known ? nil : load(paths)
    }

    /// Modification times in nanoseconds of the app folders, the desktop's `applications`
    /// folders and its `mimeapps.list` files, and the user's choices.
    static func stamps(_ paths: FerryPaths) -> [String: Int] {
        var stamps: [String: Int] = [:]
        for path in paths.appFolders.map(\.path) + paths.desktop.stampedPaths + [paths.defaultsFile] {
            var info = stat()
            if stat(path, &info) == 0 {
                stamps[path] = info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec
            }
        }
        return stamps
    }
}
