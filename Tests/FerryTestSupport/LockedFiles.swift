// Only test builds use it (see OffThePool.swift).
#if canImport(Testing)
import Foundation

/// Opens a file for reading and returns the C library's errno (0 when it opened). Close-on-exec:
/// a process another test starts meanwhile must not keep the file open, which keeps its key in
/// use at the next lock ("incompletely removed").
public func openErrno(_ path: String) -> Int32 {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 { return errno }
    close(fd)
    return 0
}

/// The errno of opening the first entry `folder` lists (its encrypted name once the key is gone);
/// nil when the folder lists nothing.
public func openListedErrno(_ folder: String) -> Int32? {
    guard let first = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.first else { return nil }
    return openErrno(folder + "/" + first)
}

/// How opening a file fails once its key is gone: by its plaintext name the kernel finds nothing
/// (names are encrypted too: ENOENT); by the name it lists without the key, open fails with ENOKEY.
/// Returns (by name, by listed name); (0, 0) when the file opens.
public func lockedOpen(_ path: String) -> (byName: Int32, byListedName: Int32) {
    let byName = openErrno(path)
    let folder = (path as NSString).deletingLastPathComponent
    guard byName != 0, let listed = openListedErrno(folder) else { return (byName, byName) }
    return (byName, listed)
}

/// Writes a small file with the C library (no temporary files, which would need the key too),
/// close-on-exec as ``openErrno(_:)`` opens.
public func writeFile(_ path: String, _ text: String) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw VolumeError("cannot write \(path): errno \(errno)") }
    defer { close(fd) }
    let bytes = Array(text.utf8)
    guard write(fd, bytes, bytes.count) == bytes.count else { throw VolumeError("cannot write \(path): errno \(errno)") }
}
#endif
