#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FileSystem {
    /// The largest desktop file or `mimeapps.list` read; real ones are a few kilobytes.
    static let maximumKeyFileSize = 1 << 20

    /// The bytes of a small file, read with plain system calls (cheaper than Foundation's `Data`
    /// when `ferry open` prefilters every desktop entry); nil when unreadable or too large.
    static func readBytes(_ path: String, limit: Int = maximumKeyFileSize) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            guard bytes.count <= limit else { return nil }
        }
    }

    /// Everything in the file open at `fd`, at most `limit` bytes; see ``Descriptor/contents(of:limit:)``.
    package static func contents(of fd: Int32, limit: Int = .max) -> [UInt8]? {
        Descriptor.contents(of: fd, limit: limit)
    }

    /// A small UTF-8 text file; nil when unreadable.
    static func readText(_ path: String) -> String? {
        readBytes(path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The modification time in nanoseconds, or nil when `path` does not exist.
    static func modificationTime(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec
    }
}

extension FileSystem {
    /// Removes a file; a missing one is fine.
    static func remove(_ path: String) throws(FileSystemError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw FileSystemError(path: path, errno: errno, action: "remove") }
    }
}
