#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file writes that readers never see half-done: a temporary file beside the target,
/// fsync, rename.
public enum AtomicFile {
    /// Writes `text` to `path`, creating its folder (0755 when new).
    ///
    /// - Throws: ``FileSystemError`` naming the path and the system's reason.
    public static func write(_ text: String, to path: String, mode: UInt32 = 0o644) throws(FileSystemError) {
        try FileSystem.createDirectories(FerryPaths.parent(of: path), mode: 0o755)
        try FileSystem.writeAtomically(Array(text.utf8), to: path, mode: mode_t(mode))
    }
}
