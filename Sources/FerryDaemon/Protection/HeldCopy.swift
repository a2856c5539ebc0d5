import FerryCore

#if canImport(Glibc)
import Glibc
#endif

/// Copying a held file into a read-only Inbox (0555 folders, 0444 files) under a free name.
enum HeldCopy {
    /// - Returns: The placed path, or nil (errno set) when the Inbox cannot take it now.
    static func place(_ source: String, into inbox: String, as relative: String) -> String? {
        let parts = relative.split(separator: "/").map(String.init)
        var folder = inbox
        guard ensure(folder) else { return nil }
        for part in parts.dropLast() {
            folder += "/" + part
            guard ensure(folder) else { return nil }
        }
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { return nil }
        defer { close(input) }
        let parent = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parent >= 0 else { return nil }
        defer { close(parent) }
        let restore = writable(folder)
        defer { chmod(folder, restore) }
        for n in 1...10_000 {
            let name = n == 1 ? parts.last! : NumberedName.make(parts.last!, n)
            let output = openat(parent, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if output < 0 { if errno == EEXIST { continue }; return nil }
            let ok = FileSystem.copyBytes(from: input, to: output) && fsync(output) == 0
            close(output)
            guard ok else { unlinkat(parent, name, 0); return nil }
            fchmodat(parent, name, 0o444, 0)
            unlink(source)
            return folder + "/" + name
        }
        return nil
    }

    /// The folder exists (made 0555 when new); a folder in a locked Inbox fails with ENOKEY.
    private static func ensure(_ folder: String) -> Bool {
        if FileSystem.isDirectory(folder) { return true }
        let parent = FerryPaths.parent(of: folder)
        let restore = writable(parent)
        defer { chmod(parent, restore) }
        guard mkdir(folder, 0o555) == 0 || errno == EEXIST else { return false }
        return true
    }

    /// Makes `folder` writable by its owner for a moment. - Returns: The mode to give back.
    private static func writable(_ folder: String) -> mode_t {
        var info = stat()
        guard stat(folder, &info) == 0 else { return 0o555 }
        let mode = info.st_mode & 0o7777
        if mode & 0o200 == 0 { chmod(folder, mode | 0o200) }
        return mode
    }

    /// Removes a stand-in container, read-only folders included.
    static func removeTree(_ path: String) {
        if FileSystem.isDirectory(path) {
            chmod(path, 0o700)
            for name in FileSystem.entries(of: path) ?? [] { removeTree(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
