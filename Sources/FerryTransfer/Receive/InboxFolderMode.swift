#if canImport(Glibc)
import Glibc
#endif

/// The Inbox's folders are read-only (no write bit: 0555 from 0755), so that an app does not add,
/// rename or remove entries in them by mistake; ferryd gives its owner the write bit back for each
/// change it makes, on the open folder (never by path). This is no wall against a hostile app of
/// the same user, which owns the folders and can chmod them (Landlock would be that wall).
enum InboxFolderMode {
    static let writeBits: mode_t = 0o222

    /// Runs `body` with `folder` writable by its owner, then gives it its mode back; `errno` is
    /// what `body` left. (Taking the write bits off instead made the app's container and Documents
    /// read-only once ferryd had made Documents and the Inbox in them: the app could no longer
    /// write its own Documents.)
    static func writable<T, E: Error>(_ folder: DirectoryHandle, _ body: () throws(E) -> T) throws(E) -> T {
        let mode = self.mode(folder)
        if mode & S_IWUSR == 0 { fchmod(folder.fd, mode | S_IWUSR) }
        defer {
            let saved = errno
            if mode & S_IWUSR == 0 { fchmod(folder.fd, mode) }
            errno = saved
        }
        return try body()
    }

    /// Takes the write bits off `folder`.
    static func readOnly(_ folder: DirectoryHandle) {
        let mode = self.mode(folder)
        if mode & writeBits != 0 { fchmod(folder.fd, mode & ~writeBits) }
    }

    /// Takes the write bits off `folder` and every folder inside it (a folder moved in whole).
    static func readOnlyTree(_ folder: DirectoryHandle) {
        forEachFolder(in: folder) { readOnly($0) }
    }

    /// Gives the owner the write bit on `folder` and every folder inside it (one moved back out).
    static func writableTree(_ folder: DirectoryHandle) {
        forEachFolder(in: folder) { fchmod($0.fd, self.mode($0) | S_IWUSR) }
    }

    static func mode(_ folder: DirectoryHandle) -> mode_t {
        var info = stat()
        return fstat(folder.fd, &info) == 0 ? info.st_mode & 0o7777 : 0o755
    }

    /// `body` on `folder`, then on each folder below it (not through symbolic links).
    private static func forEachFolder(in folder: DirectoryHandle, _ body: (DirectoryHandle) -> Void) {
        body(folder)
        // The type from readdir: a folder of 10,000 files moved in whole is not stat'ed file by file.
        for (name, known) in folder.entries() {
            guard known ?? isFolder(name, in: folder), let child = folder.child(name, create: false) else { continue }
            forEachFolder(in: child, body)
        }
    }

    private static func isFolder(_ name: String, in folder: DirectoryHandle) -> Bool {
        var info = stat()
        return fstatat(folder.fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
