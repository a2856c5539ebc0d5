import FerryCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Moves checked files from the staging area into an app's `Documents/Inbox`, read-only, under a
/// sanitized name that never overwrites another file and never leaves the Inbox.
public enum InboxWriter {
    /// The Inbox of a container: `<container>/Documents/Inbox`.
    public static func inbox(container: String) -> String { container + "/Documents/Inbox" }

    /// Places `staged` at `relativePath` (sanitized) inside the container's Inbox, numbering the
    /// name on a collision, and makes it read-only (0444). The caller syncs the file system
    /// afterwards (``StagingArea/sync()``).
    ///
    /// - Returns: The path inside the Inbox, relative to it.
    /// - Throws: ``TransferError`` when a folder from `Documents` down is a symbolic link or not a
    ///   folder, or the file system refuses.
    public static func place(_ staged: String, as relativePath: String, container: String) throws(TransferError) -> String {
        var made: Set<String> = []
        return try place(staged, as: relativePath, container: container, made: &made)
    }

    /// ``place(_:as:container:)`` for one file of many: `made` holds the folders this offer already
    /// made and checked, so the 10,000th file of a folder costs no more than the first.
    public static func place(_ staged: String, as relativePath: String, container: String,
                             made: inout Set<String>) throws(TransferError) -> String {
        let inbox = inbox(container: container)
        if !made.contains(inbox) {
            do { try FileSystem.createDirectories(container) } catch {
                throw TransferError(.failed, "cannot create the container: \(error)")
            }
            try makeOne(container + "/Documents")
            try makeOne(inbox)
            made.insert(inbox)
        }
        let components = NameSanitizer.components(of: relativePath)
        var folder = inbox
        for directory in components.dropLast() {
            folder += "/" + directory
            if made.insert(folder).inserted { try makeOne(folder) }
        }
        let name = try link(staged, into: folder, name: components.last!)
        chmod(folder + "/" + name, 0o444)
        unlink(staged)
        let prefix = folder.count > inbox.count ? String(folder.dropFirst(inbox.count + 1)) + "/" : ""
        return prefix + name
    }

    /// Creates one folder, refusing a symbolic link or a file in its place.
    private static func makeOne(_ path: String) throws(TransferError) {
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw TransferError(.failed, "cannot create \(path): \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw TransferError(.failed, "\(path) is not a folder (a symbolic link or a file is in the way); refusing to write through it")
        }
    }

    /// Hard-links `staged` into `folder` under `name` or its first free numbered alternative.
    private static func link(_ staged: String, into folder: String, name: String) throws(TransferError) -> String {
        for n in 1...10_000 {
            let candidate = n == 1 ? name : NameSanitizer.numbered(name, n)
            if Glibc.link(staged, folder + "/" + candidate) == 0 { return candidate }
            guard errno == EEXIST else {
                throw TransferError(.failed, "cannot move the file into \(folder): \(String(cString: strerror(errno)))")
            }
        }
        throw TransferError(.failed, "\(folder) already holds 10,000 files named like \(name)")
    }
}
