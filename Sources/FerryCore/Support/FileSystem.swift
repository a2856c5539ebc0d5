import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small file-system helpers over the C library, where FileManager is slower or less precise.
public enum FileSystem {
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    static func isExecutable(_ path: String) -> Bool {
        isRegularFile(path) && access(path, X_OK) == 0
    }

    /// The names in a directory, sorted, without `.` and `..`; nil when it cannot be read.
    static func entries(of path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Creates `path` and its parents with `mode` (0700 by default).
    public static func createDirectories(_ path: String, mode: mode_t = 0o700) throws(FileSystemError) {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
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
    public static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) throws(FileSystemError) {
        let temporary = "\(path).tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { throw FileSystemError(path: temporary, errno: errno, action: "create") }
        var failure: FileSystemError?
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { failure = FileSystemError(path: path, errno: errno, action: "write"); return }
                offset += written
            }
        }
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

    /// The readable reason inside a Foundation or POSIX error.
    static func reason(_ error: any Error) -> String {
        if let error = error as? CocoaError, let posix = error.userInfo["NSUnderlyingError"] as? POSIXError {
            return String(cString: strerror(posix.code.rawValue))
        }
        if let error = error as? CocoaError {
            switch error.code {
            case .fileReadNoSuchFile: return "no such file"
            case .fileReadNoPermission: return "permission denied"
            default: break
            }
        }
        return "\(error)"
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

    public var description: String {
        "cannot \(action) \(path): \(String(cString: strerror(errno)))"
    }
}
