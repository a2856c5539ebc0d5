import FerryCore
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// One daemon per user: an exclusive `flock` on a file beside the socket, held for the process's life.
enum SingleInstance {
    struct AlreadyRunning: Error, CustomStringConvertible {
        var socketPath: String
        var pid: String
        var description: String {
            "ferryd is already running (pid \(pid)) on \(socketPath); stop it first, or use FERRY_SOCKET for another instance"
        }
    }

    struct CannotLock: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot open \(path): \(reason)" }
    }

    /// Creates the socket's folder (0700) and takes the lock.
    /// - Returns: The lock's descriptor, to keep open.
    static func acquire(socketPath: String) throws -> Int32 {
        let folder = String(socketPath[..<(socketPath.lastIndex(of: "/") ?? socketPath.startIndex)])
        // A folder made now is closed at once; one that exists is checked, never repaired, since
        // others could already have planted files in it.
        var info = stat()
        if lstat(folder, &info) != 0 {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            chmod(folder, 0o700)
        }
        if let problem = DaemonSocket.problem(withFolderOf: socketPath) {
            throw CannotLock(path: folder, reason: "\(problem); remove it or set XDG_RUNTIME_DIR")
        }
        let lockPath = socketPath + ".lock"
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw CannotLock(path: lockPath, reason: String(cString: strerror(errno))) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            var buffer = [UInt8](repeating: 0, count: 32)
            let count = read(fd, &buffer, buffer.count)
            close(fd)
            let pid = count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : "unknown"
            throw AlreadyRunning(socketPath: socketPath, pid: pid)
        }
        ftruncate(fd, 0)
        let pid = Array("\(getpid())".utf8)
        _ = write(fd, pid, pid.count)
        return fd
    }
}
