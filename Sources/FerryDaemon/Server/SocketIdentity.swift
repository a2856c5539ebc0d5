import FerryCore
import Logging

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

    /// Returns once `path` no longer names this socket; throws `CancellationError` when the task is
    /// cancelled first. inotify on the socket's folder and every folder above it says when to look
    /// again (an unlink, a rename, a removed folder); only where inotify cannot watch them (out of
    /// watches) does it look every `interval`.
    func waitUntilGone(from path: String, every interval: Duration) async throws {
        let changes = InotifyStream(logger: Logger(label: "ferryd.socket", factory: { _ in SwiftLogNoOpLogHandler() }))
        defer { changes.close() }
        guard Self.folders(above: path).allSatisfy({ changes.watch($0, mask: Self.renames) }) else {
            return try await poll(path, every: interval)
        }
        try await waitUntilGone(from: path, changes: changes.events)
        // Gone, or the stream ended because its reader failed: from here, look every `interval`.
        try await poll(path, every: interval)
    }

    /// Looks at `path` again after each of `changes`; returns when it no longer names this socket
    /// or `changes` ends.
    func waitUntilGone(from path: String, changes: some AsyncSequence<Void, Never>) async throws {
        var events = changes.makeAsyncIterator()
        while SocketIdentity(path: path) == self, await events.next(isolation: nil) != nil {}
        try Task.checkCancellation()
    }

    /// What changes which file a path names: entries made, removed or renamed, a folder removed or
    /// renamed itself.
    static let renames = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF)

    /// The folders whose entries lead to `path`, nearest first: `/a/b/s` → `/a/b`, `/a`, `/`.
    static func folders(above path: String) -> [String] {
        var folders: [String] = []
        var current = path
        while current != "/" && current != "." {
            current = FileSystem.parent(of: current)
            folders.append(current)
        }
        return folders
    }

    private func poll(_ path: String, every interval: Duration) async throws {
        while SocketIdentity(path: path) == self {
            try await Task.sleep(for: interval)
        }
    }
}
