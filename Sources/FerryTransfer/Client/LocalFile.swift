import Crypto
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// A file to send: where it is here, the relative path it gets there, its size and SHA-256.
public struct LocalFile: Sendable, Equatable {
    public var path: String
    public var relativePath: String
    public var size: UInt64
    /// Its SHA-256, or nil when it is hashed while it is sent (see ``collect(_:hashing:)``).
    public var sha256: String?
    /// Its modification time in nanoseconds since 1970, as the walk found it; nil when not walked.
    public var modified: Int64?

    /// The files named by `paths`: plain files as themselves, folders walked with their relative
    /// paths kept (under the folder's name). Symbolic links and devices are refused.
    ///
    /// - Parameter sizes: Files of these sizes are hashed now; the others are hashed while they are
    ///   sent (the SHA-256 follows each file of a batch upload, or ends a single one as a trailer),
    ///   so they are read once, not twice.
    /// Blocks while it reads the files: from async code, use ``collect(_:hashing:pool:)``.
    ///
    /// - Throws: ``TransferError`` naming the first path that cannot be sent.
    public static func collect(_ paths: [String], hashing sizes: ClosedRange<UInt64> = 0...UInt64.max) throws(TransferError) -> [LocalFile] {
        var files: [LocalFile] = []
        for path in paths {
            let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
            let base = trimmed.split(separator: "/").last.map(String.init) ?? trimmed
            try collect(trimmed, as: base, into: &files)
        }
        try hashAll(&files, sizes: sizes)
        return files
    }

    private static func collect(_ path: String, as relative: String, into files: inout [LocalFile]) throws(TransferError) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            throw TransferError(.badRequest, "cannot send \(path): \(String(cString: strerror(errno)))")
        }
        try collect(path, as: relative, info: info, into: &files)
    }

    /// One walked entry, its `lstat` already taken (inside a folder: relative to the open folder,
    /// not by its whole path again).
    private static func collect(_ path: String, as relative: String, info: stat, into files: inout [LocalFile]) throws(TransferError) {
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            // Hashed afterwards, on every core (``hashAll(_:sizes:)``), if at all.
            let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            files.append(LocalFile(path: path, relativePath: relative, size: UInt64(info.st_size), sha256: nil, modified: modified))
        case S_IFDIR:
            guard let folder = DirectoryHandle.open(path) else {
                throw TransferError(.badRequest, "cannot read the folder \(path): \(String(cString: strerror(errno)))")
            }
            for name in folder.names().sorted() {
                var entry = stat()
                guard fstatat(folder.fd, name, &entry, AT_SYMLINK_NOFOLLOW) == 0 else {
                    throw TransferError(.badRequest, "cannot send \(path)/\(name): \(String(cString: strerror(errno)))")
                }
                try collect(path + "/" + name, as: relative + "/" + name, info: entry, into: &files)
            }
        case S_IFLNK:
            throw TransferError(.badRequest, "cannot send \(path): it is a symbolic link; send the file it points to")
        default:
            throw TransferError(.badRequest, "cannot send \(path): only regular files and folders can be sent")
        }
    }

    /// Lowercase hex SHA-256 of a file's content.
    ///
    /// - Parameter size: About how many bytes it holds: a small file is then read with one call.
    public static func digest(_ path: String, size: UInt64 = 1 << 20) throws(TransferError) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw TransferError(.badRequest, "cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        return try digest(fd, path: path, capacity: Int(min(size + 1, 1 << 20)))
    }

    /// Reads `fd` to its end in reads of `capacity` bytes. A read of a regular file comes back short
    /// only at its end, so asking one byte more than a small file holds reads it whole in one call.
    private static func digest(_ fd: Int32, path: String, capacity: Int) throws(TransferError) -> String {
        var hasher = SHA256()
        let failure: Int32? = withUnsafeTemporaryAllocation(byteCount: capacity, alignment: 16) { buffer in
            while true {
                let n = read(fd, buffer.baseAddress, capacity)
                if n < 0 && errno == EINTR { continue }
                guard n >= 0 else { return errno }
                hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[..<n]))
                if n < capacity { return nil }
            }
        }
        if let failure { throw TransferError(.badRequest, "cannot read \(path): \(String(cString: strerror(failure)))") }
        return Array(hasher.finalize()).hexString
    }
}
