#if canImport(Glibc)
import Glibc
#endif

/// The file ferryd's socket path named when ferryd started listening, to notice when that path no
/// longer leads to it: its folder removed (`rm -rf $XDG_RUNTIME_DIR/ferry`, a logout's cleanup) or
/// replaced. Without this an on-demand ferryd would live on unreachable, holding its apps.
struct SocketIdentity: Sendable, Equatable {
    var device: UInt64
    var inode: UInt64

    /// The socket file at `path` now; nil when there is none.
    init?(path: String) {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFSOCK else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    /// Returns once `path` no longer names this socket, checking every `interval`; throws
    /// `CancellationError` when the task is cancelled first.
    func waitUntilGone(from path: String, every interval: Duration) async throws {
        while SocketIdentity(path: path) == self {
            try await Task.sleep(for: interval)
        }
    }
}
