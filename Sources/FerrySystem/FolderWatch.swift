#if canImport(Glibc)
import Glibc
#endif

/// Blocking waits for entries made, removed or renamed in some folders, by inotify: for a process
/// with nothing else to do meanwhile, such as `ferry` waiting for the ferryd it started to bind its
/// socket. Not Sendable: one thread owns it.
package final class FolderWatch {
    private let fd: Int32

    /// nil when inotify is not available (no descriptor left, or the limit of instances reached).
    package init?() {
        fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else { return nil }
    }

    deinit { close(fd) }

    /// Watches `folder`'s entries; watching it again is harmless.
    /// - Returns: false when it does not exist or cannot be watched.
    @discardableResult
    package func watch(_ folder: String) -> Bool {
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF)
        return inotify_add_watch(fd, folder, mask | UInt32(IN_ONLYDIR)) >= 0
    }

    /// Waits until a watched folder changes or `limit` passes, then forgets what was reported.
    /// - Returns: whether something changed (events since the last wait count at once).
    package func wait(upTo limit: Duration) -> Bool {
        let milliseconds = max(0, Int32(clamping: limit.components.seconds * 1000 + limit.components.attoseconds / 1_000_000_000_000_000))
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        var count = poll(&ready, 1, milliseconds)
        while count < 0 && errno == EINTR { count = poll(&ready, 1, milliseconds) }
        guard count > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(fd, &buffer, buffer.count) > 0 {}
        return true
    }
}
