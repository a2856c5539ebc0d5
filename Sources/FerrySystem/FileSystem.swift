#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file writes every layer needs (folders, atomic replacement), here rather than in FerryCore so
/// that FerryProtection, FerryKit, FerryTransfer and FerryDiscovery write their files without
/// linking the registry. The readers are in `FileSystem+Read`.
package enum FileSystem {
    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Creates `path` and its parents with `mode` (0700 by default).
    package static func createDirectories(_ path: String, mode: mode_t = 0o700) throws(FileSystemError) {
        // Usually it is there already: one stat instead of a mkdir per component (ferry open's path).
        if isDirectory(path) { return }
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + String(component)
            if mkdir(current, mode) != 0 && errno != EEXIST {
                throw FileSystemError(path: current, errno: errno, action: "create the folder")
            }
        }
        guard isDirectory(path) else {
            throw FileSystemError(path: path, errno: ENOTDIR, action: "create the folder")
        }
    }

    /// Writes `bytes` to a temporary file beside `path`, fsyncs it and renames it over `path`,
    /// so readers see the old file or the new one, never half of one.
    package static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) throws(FileSystemError) {
        let temporary = "\(path).tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { throw FileSystemError(path: temporary, errno: errno, action: "create") }
        var failure: FileSystemError?
        if !Descriptor.writeAll(fd, bytes) { failure = FileSystemError(path: path, errno: errno, action: "write") }
        if failure == nil && fsync(fd) != 0 { failure = FileSystemError(path: path, errno: errno, action: "sync") }
        close(fd)
        if failure == nil && rename(temporary, path) != 0 {
            failure = FileSystemError(path: path, errno: errno, action: "replace")
        }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }
}

/// A file-system call that failed, with the path and the system's reason.
public struct FileSystemError: Error, Sendable, CustomStringConvertible {
    /// The path at fault.
    public var path: String
    /// The C library's error number.
    public var errno: Int32
    /// What Ferry was trying to do, such as "create the folder".
    public var action: String

    package init(path: String, errno: Int32, action: String) {
        (self.path, self.errno, self.action) = (path, errno, action)
    }

    public var description: String {
        "cannot \(action) \(path): \(String(cString: strerror(errno)))"
    }
}
