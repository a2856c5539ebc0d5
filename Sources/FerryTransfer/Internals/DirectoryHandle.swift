#if canImport(Glibc)
import Glibc
#endif

/// An open folder: files in it are created, checked and moved by name relative to it, which spares
/// the kernel a walk of the whole path for each of 10,000 files (and cannot be redirected by a
/// symbolic link swapped in above it).
final class DirectoryHandle: Sendable {
    let fd: Int32

    private init(fd: Int32) { self.fd = fd }

    deinit { close(fd) }

    /// Opens the folder at `path`, refusing a symbolic link in its last component.
    static func open(_ path: String) -> DirectoryHandle? {
        let fd = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        return fd >= 0 ? DirectoryHandle(fd: fd) : nil
    }

    /// Opens the folder `name` inside this one, creating it first if it is not there; nil (errno
    /// set) when a symbolic link or a file is in its place.
    func child(_ name: String, create: Bool) -> DirectoryHandle? {
        if create && mkdirat(fd, name, 0o755) != 0 && errno != EEXIST { return nil }
        let child = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        return child >= 0 ? DirectoryHandle(fd: child) : nil
    }

    /// The names in this folder now.
    func names() -> [String] {
        entries().map(\.name)
    }

    /// The entries in this folder now, each with whether it is a folder as `readdir` tells it (a
    /// symbolic link is not), nil where the file system does not say: no `stat` per entry.
    func entries() -> [(name: String, isFolder: Bool?)] {
        let copy = dup(fd)
        guard copy >= 0, let stream = fdopendir(copy) else { return [] }
        defer { closedir(stream) }
        rewinddir(stream)
        var entries: [(name: String, isFolder: Bool?)] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            guard name != "." && name != ".." else { continue }
            let type = Int(entry.pointee.d_type)
            entries.append((name, type == Int(DT_UNKNOWN) ? nil : type == Int(DT_DIR)))
        }
        return entries
    }
}
