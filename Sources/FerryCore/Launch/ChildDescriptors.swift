import CFerrySys
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which of the parent's descriptors a spawned child keeps: only 0, 1, 2 and those passed on.
///
/// Closing at the spawn covers every descriptor at once, whoever opened it and however, where
/// marking each one close-on-exec would miss one opened by a library or inherited by ferryd.
enum ChildDescriptors {
    /// Adds "close every descriptor from `first` on" to `actions`.
    ///
    /// - Returns: nil, or the error number that should fail the spawn.
    static func closeFrom(_ first: Int32, _ actions: inout posix_spawn_file_actions_t) -> Int32? {
        // Linked directly (a dlsym would find nothing in the static ferry, which then scanned
        // /proc/self/fd on every launch).
        let status = ferry_spawn_addclosefrom(&actions, first)
        if status != ENOSYS { return status == 0 ? nil : status }
        // Older C libraries: mark every open descriptor close-on-exec instead (racy only against
        // a thread opening one without O_CLOEXEC at this very moment).
        markOpenDescriptorsCloseOnExec(from: first)
        return nil
    }

    private static func markOpenDescriptorsCloseOnExec(from first: Int32) {
        guard let folder = opendir("/proc/self/fd") else { return }
        defer { closedir(folder) }
        let own = dirfd(folder)
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let fd = Int32(name), fd >= first, fd != own { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        }
    }
}

/// Close-on-exec copies of the descriptors a child is passed, numbered above the slots 3, 4, … they
/// are moved to, so the moves cannot clobber one another.
struct InheritedDescriptors {
    let copies: [Int32]

    init(_ descriptors: [Int32]) throws(Launcher.SpawnError) {
        var copies: [Int32] = []
        for descriptor in descriptors {
            let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 3 + Int32(descriptors.count))
            guard copy >= 0 else {
                let code = errno
                copies.forEach { _ = close($0) }
                throw Launcher.SpawnError(code: code)
            }
            copies.append(copy)
        }
        self.copies = copies
    }

    func closeAll() {
        copies.forEach { _ = close($0) }
    }
}
