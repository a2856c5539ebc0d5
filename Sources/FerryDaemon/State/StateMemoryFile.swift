import CFerrySys
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// An anonymous file in memory (`memfd_create`) holding a decrypted archive for one launch: the
/// app reads it from the descriptor it inherits, so the state never touches the disk in the clear
/// and costs no encoding on the way.
///
/// It is made empty before spawn and filled after: decrypting then overlaps the app's own start,
/// and the app reads it only once `willFinishLaunching` says it holds an archive.
enum StateMemoryFile {
    /// An empty memory file (close-on-exec; spawn duplicates it into the child); nil when none
    /// can be made.
    static func make() -> Int32? {
        let fd = ferry_memfd_create("ferry-state", FERRY_MFD_CLOEXEC)
        return fd >= 0 ? fd : nil
    }

    /// Writes `bytes` at the start of `fd`, leaving the shared file offset where the child expects
    /// it (at 0). - Returns: Whether all of them were written.
    static func fill(_ fd: Int32, with bytes: Data) -> Bool {
        bytes.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let count = pwrite(fd, raw.baseAddress! + offset, raw.count - offset, off_t(offset))
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
    }
}
