#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether someone other than the user running Ferry (or root) can change what Ferry reads from a
/// folder. Manifests and scheme declarations name programs Ferry runs, so one read from a folder
/// another user can write is that user's code running as this one (root, say).
///
/// A folder is trusted when it and every folder above it, up to `/`, is owned by this user or
/// root and writable by neither its group nor others. A sticky folder such as `/tmp` may be
/// above a trusted folder, never be one: anyone may add entries to it (a `share` planted beside a
/// binary in `/tmp` belongs to its planter and is refused for that), but the sticky bit keeps
/// others from renaming or removing the entries this user or root made there. So a checkout
/// under `/tmp/clone` is trusted, and `/tmp/share` made by another user is not.
/// Symbolic links are followed, and the folders holding the links are checked too.
public enum FolderTrust {
    /// One directory's owner and permission bits, as `stat` gives them.
    struct Entry: Sendable, Equatable {
        var path: String
        var owner: UInt32
        var mode: UInt32

        /// A root-owned sticky folder (`/tmp`, `/var/tmp`): others may add entries, not change ours.
        var isStickyAndRootOwned: Bool { owner == 0 && mode & 0o1000 != 0 }
    }

    /// Why `path` is not to be trusted, naming the folder at fault; nil when it is trusted or does
    /// not exist.
    ///
    /// - Parameters:
    ///   - path: An absolute path to a folder.
    ///   - uid: The user Ferry runs as (the effective uid by default).
    public static func problem(with path: String, uid: UInt32 = UInt32(geteuid())) -> String? {
        let resolved = FileSystem.resolved(path)
        for chain in [path, resolved].compactMap({ $0 }) {
            for (index, entry) in lineage(of: chain).enumerated() {
                if index > 0, entry.isStickyAndRootOwned { continue }
                if let problem = problem(with: entry, uid: uid) { return problem }
            }
        }
        return nil
    }

    /// Why the file or folder at `path` itself (not what is above it) is not to be trusted: a
    /// manifest another user owns or can write. Nil when it is trusted or does not exist.
    public static func entryProblem(with path: String, uid: UInt32 = UInt32(geteuid())) -> String? {
        status(of: path).flatMap { problem(with: $0, uid: uid) }
    }

    /// The rule for one directory or file.
    static func problem(with entry: Entry, uid: UInt32) -> String? {
        if entry.owner != uid && entry.owner != 0 {
            return "\(entry.path) belongs to uid \(entry.owner), neither you (uid \(uid)) nor root"
        }
        if entry.mode & 0o002 != 0 {
            let sticky = entry.mode & 0o1000 != 0 ? " (sticky, but anyone may add entries to it)" : ""
            return "\(entry.path) is writable by every user\(sticky)"
        }
        if entry.mode & 0o020 != 0 { return "\(entry.path) is writable by its group" }
        return nil
    }

    /// `path` and each folder above it up to `/`, without following a final link; those that
    /// exist.
    static func lineage(of path: String) -> [Entry] {
        var entries: [Entry] = []
        var current = path
        while true {
            if let entry = status(of: current) { entries.append(entry) }
            if current == "/" || current.isEmpty || !current.hasPrefix("/") { break }
            current = FerryPaths.parent(of: current)
        }
        return entries
    }

    private static func status(of path: String) -> Entry? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        // A link's own bits are always rwxrwxrwx: only its owner (and its folder's) matters.
        let isLink = info.st_mode & S_IFMT == S_IFLNK
        return Entry(path: path, owner: UInt32(info.st_uid), mode: isLink ? 0 : UInt32(info.st_mode & 0o7777))
    }
}
