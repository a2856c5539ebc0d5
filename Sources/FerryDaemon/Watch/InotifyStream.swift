import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A share of ferryd's inotify descriptor (``Inotify``) whose events only say that something
/// changed, as an async stream. ``close()`` ends the stream and removes its watches; a watcher that
/// lives as long as ferryd never calls it.
final class InotifyStream: Sendable {
    let events: AsyncStream<Void>
    private let subscription: Inotify.Subscription
    private let logger: Logger
    /// The watches, by descriptor: `watched` for a folder or bundle (every event counts), `awaited`
    /// for a folder above missing ones (only the creation of the next folders on the way counts:
    /// anything else made in $HOME or ~/.local/share is none of the registry's business).
    private let watches: Watches

    private final class Watches: Sendable {
        let state = Mutex<(watched: Set<Int32>, awaited: [Int32: Set<String>])>(([], [:]))
    }

    init(logger: Logger, inotify: Inotify = .shared) {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        events = stream
        self.logger = logger
        let watches = Watches()
        self.watches = watches
        subscription = inotify.subscribe { [watches] batch in
            guard let batch else { return continuation.finish() }
            let (watched, awaited) = watches.state.withLock { $0 }
            if Self.matters(batch, watched: watched, awaited: awaited) { continuation.yield() }
        }
    }

    /// Ends the stream and removes the watches no one else holds.
    func close() {
        subscription.close()
    }

    /// Whether any of `events` is on a watched folder or bundle, or creates an awaited name.
    static func matters(_ events: [Inotify.Event], watched: Set<Int32>, awaited: [Int32: Set<String>]) -> Bool {
        if awaited.isEmpty { return true }
        return events.contains { watched.contains($0.watch) || awaited[$0.watch]?.contains($0.name) ?? true }
    }

    /// Adds watches; watching a path again is harmless.
    func watch(_ paths: [String]) {
        for path in paths { _ = watch(path) }
    }

    /// Watches `path` for changes to its entries (by default; `mask` says which events count).
    /// - Returns: false when it does not exist or cannot be watched.
    func watch(_ path: String, mask: UInt32 = InotifyStream.changes) -> Bool {
        if let wd = subscription.watch(path, mask: mask) {
            watches.state.withLock { _ = $0.watched.insert(wd) }
            return true
        }
        if errno != ENOENT { logger.notice("cannot watch folder", metadata: ["folder": "\(path)", "errno": "\(errno)"]) }
        return false
    }

    /// Every change to a folder's entries.
    static let changes = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ATTRIB)

    /// Watches the nearest existing folder above the missing `path` for the creation of the next
    /// folder on the way to it.
    func awaitCreation(of path: String) {
        guard let awaited = subscription.awaitCreation(of: path) else { return }
        watches.state.withLock { _ = $0.awaited[awaited.watch, default: []].insert(awaited.name) }
    }
}
