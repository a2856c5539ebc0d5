import FerryProtocol
#if canImport(Glibc)
import Glibc
#endif

/// Moving a file between folders of different fscrypt protection classes: the kernel refuses the
/// rename (EXDEV, as across filesystems), so the file is copied into a new name that never
/// replaces one (O_EXCL), synced, and the original removed.
enum CrossPolicyCopy {
    /// Copies `name` of `source` to `target` in `folder` and unlinks the original.
    /// - Returns: 0, or -1 with errno set (EEXIST when `target` is taken); nothing half-written stays.
    static func move(_ name: String, from source: Int32, to target: String, in folder: Int32, mode: mode_t) -> Int32 {
        let input = openat(source, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard input >= 0 else { return -1 }
        defer { close(input) }
        let output = openat(folder, target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode | 0o200)
        guard output >= 0 else { return -1 }
        var ok = FileSystem.copyBytes(from: input, to: output) && fsync(output) == 0
        let saved = errno
        close(output)
        if ok { ok = unlinkat(source, name, 0) == 0 }
        guard ok else {
            unlinkat(folder, target, 0)
            errno = saved
            return -1
        }
        fchmodat(folder, target, mode, 0)
        return 0
    }
}
