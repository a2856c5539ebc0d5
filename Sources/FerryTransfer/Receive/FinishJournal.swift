import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// The moves of one finish into the Inboxes, on disk while it runs: `staging/finishing-<offer>`.
/// A finish undoes its moves when it fails, but a ferryd killed in the middle of one left half of
/// the offer in an Inbox for good (issue 13's fault matrix, Tests/LAN/faults
/// receiver_killed_at_finish). Each move is written before it is tried (a plain write: it
/// outlives the process, which is the fault here, not a power cut); the next ferryd moves back
/// what it finds moved (``StagingArea/undoUnfinishedFinishes()``), so the offer is all or nothing.
final class FinishJournal {
    static let prefix = "finishing-"
    let path: String
    private let fd: Int32
    /// Folder paths by handle (held, so that no other folder takes its identity): a finish of
    /// 10,000 files asks /proc once per folder, not twice per file.
    private var folderPaths: [ObjectIdentifier: (folder: DirectoryHandle, path: String)] = [:]

    /// A journal for offer `id`; nil (and then the finish runs without one) if it cannot be made.
    init?(staging: StagingArea, offer id: String) {
        path = staging.directory + "/" + Self.prefix + id
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return nil }
    }

    deinit { close(fd) }

    /// Notes that `name` in `from` is about to move to `placed` in `to`; `mode` is the one to give it back.
    func willMove(_ name: String, from: DirectoryHandle, to: DirectoryHandle, as placed: String, mode: mode_t) {
        guard let source = cachedPath(of: from), let target = cachedPath(of: to) else { return }
        // NUL-separated: no path holds one.
        let record = "\(mode)\u{0}\(source)/\(name)\u{0}\(target)/\(placed)\u{0}"
        _ = Array(record.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    /// The finish is over (done, or undone by itself).
    func remove() { unlink(path) }

    private func cachedPath(of folder: DirectoryHandle) -> String? {
        if let known = folderPaths[ObjectIdentifier(folder)] { return known.path }
        guard let path = Self.path(of: folder) else { return nil }
        folderPaths[ObjectIdentifier(folder)] = (folder, path)
        return path
    }

    /// The path of an open folder, from /proc.
    static func path(of folder: DirectoryHandle) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/fd/\(folder.fd)", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The moves journal `path` lists, the last first.
    static func moves(in path: String) -> [(mode: mode_t, from: String, to: String)] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        let fields = data.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var moves: [(mode: mode_t, from: String, to: String)] = []
        var index = 0
        while index + 2 < fields.count {
            if let mode = mode_t(fields[index]) { moves.append((mode & 0o777, fields[index + 1], fields[index + 2])) }
            index += 3
        }
        return moves.reversed()
    }
}

extension StagingArea {
    /// Moves back what finishes killed midway had moved into Inboxes, the last move first: a move
    /// whose target is there and whose source is gone happened; the others did not (a name that
    /// was taken, and the next number tried, leave the taken file alone).
    func undoUnfinishedFinishes() {
        for name in folder.names() where name.hasPrefix(FinishJournal.prefix) {
            let journal = directory + "/" + name
            for move in FinishJournal.moves(in: journal) {
                var info = stat()
                guard lstat(move.to, &info) == 0, lstat(move.from, &info) != 0, errno == ENOENT else { continue }
                moveBack(move.to, to: move.from, mode: move.mode)
            }
            unlink(journal)
        }
    }

    private func moveBack(_ placed: String, to staged: String, mode: mode_t) {
        let parent = String(placed[..<(placed.lastIndex(of: "/") ?? placed.startIndex)])
        guard let folder = DirectoryHandle.open(parent) else { return }
        // A folder moved whole is read-only inside: its files are moved out of it next.
        if let moved = DirectoryHandle.open(placed) { InboxFolderMode.writableTree(moved) }
        chmod(placed, mode)
        InboxFolderMode.writable(folder) { _ = rename(placed, staged) }
    }
}
