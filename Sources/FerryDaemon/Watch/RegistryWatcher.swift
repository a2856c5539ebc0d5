import FoundationEssentials
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
    let logger: Logger

    func run() async throws {
        let changes = InotifyStream(logger: logger)
        changes.watch(watchedPaths())
        for await _ in changes.events.cancelOnGracefulShutdown() {
            // Let a burst (an install copies many files) settle into one reload.
            try? await Task.sleep(for: delay)
            changes.watch(watchedPaths())
            await manager.reload()
        }
    }

    /// The folders, and the `NAME.app` bundles in them: inotify does not recurse.
    private func watchedPaths() -> [String] {
        folders + folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                .filter { $0.hasSuffix(".app") }.map { folder + "/" + $0 }
        }
    }
}

/// An inotify descriptor read on a thread of its own, its events turned into an async stream.
final class InotifyStream: Sendable {
    let events: AsyncStream<Void>
    private let fd: Int32
    private let logger: Logger

    init(logger: Logger) {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        events = stream
        self.logger = logger
        fd = inotify_init1(Int32(IN_CLOEXEC))
        BlockingThread.start { [fd] in
            var buffer = [UInt8](repeating: 0, count: 8192)
            while read(fd, &buffer, buffer.count) > 0 { continuation.yield() }
            continuation.finish()
        }
    }

    /// Adds watches; watching a path again is harmless.
    func watch(_ paths: [String]) {
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ATTRIB)
        for path in paths where inotify_add_watch(fd, path, mask) < 0 && errno != ENOENT {
            logger.notice("cannot watch folder", metadata: ["folder": "\(path)", "errno": "\(errno)"])
        }
    }
}
