import FerrySystem
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// ferryd's one inotify descriptor, read on the ``WatchThread``: the registry, the defaults, the
/// clock's `/etc` and the socket's folders each hold a ``Subscription`` to it and get the events of
/// their own watches (``InotifyRoutes``), instead of a descriptor and a reader thread each.
final class Inotify: Sendable {
    static let shared = Inotify()

    /// One `struct inotify_event`.
    struct Event: Sendable, Equatable {
        var watch: Int32
        var mask: UInt32
        var cookie: UInt32
        var name: String
    }

    /// nil when inotify is not available (no descriptor left, the kernel's limit of instances):
    /// no watch can be added and every subscription's stream ends at once.
    private let fd: Int32?
    private let shared: Shared

    /// The routes and deliveries, under the lock the reader routes under.
    private final class Shared: Sendable {
        let table = Mutex(Table())
    }

    private struct Table {
        var routes = InotifyRoutes()
        var next = 0
        /// Each subscription's delivery: a batch, or nil when it ends.
        var deliver: [Int: @Sendable ([Event]?) -> Void] = [:]
    }

    init() {
        let shared = Shared()
        self.shared = shared
        let fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else {
            self.fd = nil
            return
        }
        let buffer = Buffer()
        let added = WatchThread.shared.add(fd, .init(events: Int16(POLLIN), ready: { [shared] _ in
            let count = read(fd, buffer.bytes.baseAddress, buffer.bytes.count)
            if count < 0 && (errno == EAGAIN || errno == EINTR) { return true }
            guard count > 0 else { return false }
            let events = Self.parse(UnsafeRawBufferPointer(rebasing: buffer.bytes[..<count]))
            let shares = shared.table.withLock { table in table.routes.route(events).map { (table.deliver[$0.key], $0.value) } }
            for (deliver, events) in shares { deliver?(events) }
            return true
        }, end: { [shared] in
            Glibc.close(fd)
            let ends = shared.table.withLock { table in
                defer { table.deliver = [:] }
                return Array(table.deliver.values)
            }
            for end in ends { end(nil) }
        }))
        if !added { Glibc.close(fd) }
        self.fd = added ? fd : nil
    }

    /// The reader's buffer, touched only on the watch thread.
    private final class Buffer: @unchecked Sendable {
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: 16384, alignment: 8)
    }

    /// A new subscription; `deliver` gets its batches on the watch thread, then nil once it ends.
    func subscribe(_ deliver: @escaping @Sendable ([Event]?) -> Void) -> Subscription {
        let id: Int? = fd == nil ? nil : shared.table.withLock { table in
            table.next += 1
            table.routes.subscribe(table.next)
            table.deliver[table.next] = deliver
            return table.next
        }
        if id == nil { deliver(nil) }
        return Subscription(inotify: self, id: id)
    }

    /// A new subscription whose batches arrive as an async stream, which ends with it.
    func subscribe() -> (subscription: Subscription, batches: AsyncStream<[Event]>) {
        let (batches, continuation) = AsyncStream.makeStream(of: [Event].self)
        let subscription = subscribe { batch in
            if let batch { continuation.yield(batch) } else { continuation.finish() }
        }
        return (subscription, batches)
    }

    /// Watches `path` for `mask` on behalf of `id`. The watch is added and recorded under the lock
    /// the reader routes under, so no event on it can be routed before it is recorded.
    fileprivate func watch(_ path: String, mask: UInt32, for id: Int) -> Int32? {
        guard let fd else { return nil }
        return shared.table.withLock { table in
            guard table.deliver[id] != nil else { return nil }
            let wd = inotify_add_watch(fd, path, mask | UInt32(IN_MASK_ADD))
            guard wd >= 0 else { return nil }
            table.routes.add(id, watch: wd, mask: mask)
            return wd
        }
    }

    fileprivate func unsubscribe(_ id: Int) {
        guard let fd else { return }
        let deliver = shared.table.withLock { table in
            for wd in table.routes.unsubscribe(id) { inotify_rm_watch(fd, wd) }
            return table.deliver.removeValue(forKey: id)
        }
        deliver?(nil)
    }

    /// A share of the descriptor: its own watches and their events. ``close()`` removes the watches
    /// no other subscription holds and ends the stream; a watcher that lives as long as ferryd never
    /// calls it.
    final class Subscription: Sendable {
        private let inotify: Inotify
        private let id: Int?

        fileprivate init(inotify: Inotify, id: Int?) {
            self.inotify = inotify
            self.id = id
        }

        /// Watches `path` for `mask` (IN_MASK_ADD is implied: others may watch it too).
        /// - Returns: The watch descriptor, or nil when it does not exist or cannot be watched.
        func watch(_ path: String, mask: UInt32) -> Int32? {
            id.flatMap { inotify.watch(path, mask: mask, for: $0) }
        }

        /// Watches the nearest existing folder above the missing `path` for the creation of the next
        /// folder on the way to it. - Returns: That watch, the folder awaited and its name, or nil
        /// when no folder on the way can be watched.
        func awaitCreation(of path: String) -> (watch: Int32, path: String, name: String)? {
            var child = path
            while child.count > 1, let slash = child.lastIndex(of: "/") {
                let parent = FileSystem.parent(of: child)
                if let wd = watch(parent, mask: UInt32(IN_CREATE | IN_MOVED_TO | IN_ONLYDIR)) {
                    return (wd, child, String(child[child.index(after: slash)...]))
                }
                child = parent
            }
            return nil
        }

        func close() {
            if let id { inotify.unsubscribe(id) }
        }
    }

    /// The whole `struct inotify_event`s in `bytes`.
    static func parse(_ bytes: UnsafeRawBufferPointer) -> [Event] {
        var events: [Event] = []
        var offset = 0
        let header = 16
        while offset + header <= bytes.count {
            func word(_ at: Int) -> UInt32 { bytes.loadUnaligned(fromByteOffset: offset + at, as: UInt32.self) }
            let length = Int(word(12))
            let name = UnsafeRawBufferPointer(rebasing: bytes[(offset + header)..<min(bytes.count, offset + header + length)])
            events.append(Event(watch: Int32(bitPattern: word(0)), mask: word(4), cookie: word(8),
                                name: String(decoding: name.prefix { $0 != 0 }, as: UTF8.self)))
            offset += header + length
        }
        return events
    }
}
