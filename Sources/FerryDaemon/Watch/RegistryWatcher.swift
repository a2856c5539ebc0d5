import FoundationEssentials
import FerrySystem
import Logging
import ServiceLifecycle

#if canImport(Glibc)
import Glibc
#endif

/// Watches the app folders, each bundle inside them and the config folder with inotify, so
/// installs and edits take effect within milliseconds, without any command.
struct RegistryWatcher: Service {
    let folders: [String]
    let manager: AppManager
    let delay: Duration
    /// Rung on each change too: the config folder also holds the wide-area settings.
    var alsoRing: Alarm? = nil
    let logger: Logger

    func run() async throws {
        let changes = InotifyStream(logger: logger)
        watchAll(changes)
        // ferryd read the registry before these watches existed: a bundle completed in between
        // (its Info.plist written after the read) would count only from its next change.
        await manager.reload()
        for await _ in changes.events.cancelOnGracefulShutdown() {
            // Let a burst (an install copies many files) settle into one reload.
            try? await Task.sleep(for: delay)
            watchAll(changes)
            alsoRing?.ring()
            await manager.reload()
        }
    }

    /// Watches each folder, then the `NAME.app` bundles in it (inotify does not recurse): watched
    /// before listed, so a bundle made in between still sends an event. A missing folder (no app
    /// installed yet) is awaited from the nearest folder above it, else its first bundle would be
    /// seen only by a command's check of the folder, and that bundle's Info.plist, written later,
    /// by nothing.
    private func watchAll(_ changes: InotifyStream) {
        for folder in folders {
            if !changes.watch(folder) {
                changes.awaitCreation(of: folder)
                // Made meanwhile: its creation event may have come before the watch above.
                guard changes.watch(folder) else { continue }
            }
            changes.watch(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                .filter { $0.hasSuffix(".app") }.map { folder + "/" + $0 })
        }
    }
}
