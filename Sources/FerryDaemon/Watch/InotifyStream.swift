import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// An inotify descriptor read on a thread of its own, its events turned into an async stream.
/// ``close()`` ends the stream and the thread; a watcher that lives as long as ferryd never calls it.
final class InotifyStream: Sendable {
    let events: AsyncStream<Void>
    /// nil when inotify is not available (no descriptor left, or the kernel's limit of instances):
    /// no watch can be added and the stream has ended.
    private let fd: Int32?
    /// The write end of the pipe that wakes the reader to end it.
    private let wake: Int32
    private let logger: Logger
    /// The watches, by descriptor: `watched` for a folder or bundle (every event counts), `awaited`
    /// for a folder above missing ones (only the creation of the next folders on the way counts:
    /// anything else made in $HOME or ~/.local/share is none of the registry's business).
    private let watches = Watches()

    private final class Watches: Sendable {
        let state = Mutex<(watched: Set<Int32>, awaited: [Int32: Set<String>])>(([], [:]))
    }

    init(logger: Logger) {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        events = stream
        self.logger = logger
        var ends: [Int32] = [-1, -1]
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0, pipe(&ends) == 0 else {
            if fd >= 0 { Glibc.close(fd) }
            (self.fd, wake) = (nil, -1)
            continuation.finish()
            return
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        (self.fd, wake) = (fd, ends[1])
        let stop = ends[0], wake = ends[1]
        BlockingThread.start { [watches] in
            var buffer = [UInt8](repeating: 0, count: 8192)
            while Self.readable(fd, unless: stop) {
                let count = read(fd, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                let (watched, awaited) = watches.state.withLock { $0 }
                if Self.matters(buffer[..<count], watched: watched, awaited: awaited) { continuation.yield() }
            }
            continuation.finish()
            for end in [fd, stop, wake] { Glibc.close(end) }
        }
    }

    /// Waits until `fd` has events; false once `stop` is readable (``close()`` was called).
    private static func readable(_ fd: Int32, unless stop: Int32) -> Bool {
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: stop, events: Int16(POLLIN), revents: 0)]
        while poll(&fds, 2, -1) < 0 && errno == EINTR {}
        return fds[1].revents == 0
    }

    /// Ends the stream and its thread, which closes the descriptors.
    func close() {
        guard fd != nil else { return }
        var one: UInt8 = 1
        _ = write(wake, &one, 1)
    }

    /// Whether any event in `bytes` (whole `struct inotify_event`s) is on a watched folder or
    /// bundle, or creates an awaited name.
    static func matters(_ bytes: ArraySlice<UInt8>, watched: Set<Int32>, awaited: [Int32: Set<String>]) -> Bool {
        if awaited.isEmpty { return true }
        var offset = bytes.startIndex
        let header = 16
        while offset + header <= bytes.endIndex {
            let wd = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset - bytes.startIndex, as: Int32.self) }
            let length = Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset - bytes.startIndex + 12, as: UInt32.self) })
            let nameBytes = bytes[(offset + header)..<min(bytes.endIndex, offset + header + length)]
            let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            if watched.contains(wd) || awaited[wd]?.contains(name) ?? true { return true }
            offset += header + length
        }
        return false
    }

    /// Adds watches; watching a path again is harmless.
    func watch(_ paths: [String]) {
        for path in paths { _ = watch(path) }
    }

    /// Watches `path` for changes to its entries (by default; `mask` says which events count).
    /// - Returns: false when it does not exist or cannot be watched.
    func watch(_ path: String, mask: UInt32 = InotifyStream.changes) -> Bool {
        guard let fd else { return false }
        let wd = inotify_add_watch(fd, path, mask)
        if wd >= 0 {
            watches.state.withLock { _ = $0.watched.insert(wd) }
            return true
        }
        if errno != ENOENT { logger.notice("cannot watch folder", metadata: ["folder": "\(path)", "errno": "\(errno)"]) }
        return false
    }

    /// Every change to a folder's entries.
    static let changes = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ATTRIB)

    /// Watches the nearest existing folder above the missing `path` for the creation of the next
    /// folder on the way to it. IN_MASK_ADD: that folder may be watched for itself too.
    func awaitCreation(of path: String) {
        guard let fd else { return }
        var child = path
        while child.count > 1 {
            let parent = child.lastIndex(of: "/").map { $0 == child.startIndex ? "/" : String(child[..<$0]) } ?? "/"
            let name = String(child[child.index(after: child.lastIndex(of: "/") ?? child.startIndex)...])
            let wd = inotify_add_watch(fd, parent, UInt32(IN_CREATE | IN_MOVED_TO | IN_ONLYDIR) | UInt32(IN_MASK_ADD))
            if wd >= 0 {
                watches.state.withLock { _ = $0.awaited[wd, default: []].insert(name) }
                return
            }
            child = parent
        }
    }
}
