import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// An anonymous file in memory (`memfd_create`) holding a decrypted archive for one launch: the
/// app reads it from the descriptor it inherits, so the state never touches the disk in the clear
/// and costs no encoding on the way.
enum StateMemoryFile {
    /// A descriptor (close-on-exec; spawn duplicates it into the child) positioned at the start
    /// of `bytes`; nil when the file cannot be made or written.
    static func make(_ bytes: Data) -> Int32? {
        let fd = memfdCreate("ferry-state", 1)  // MFD_CLOEXEC
        guard fd >= 0 else { return nil }
        let written = bytes.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let count = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        guard written, lseek(fd, 0, SEEK_SET) == 0 else {
            close(fd)
            return nil
        }
        return fd
    }
}

/// glibc's `memfd_create`, which the Glibc module hides behind _GNU_SOURCE.
@_silgen_name("memfd_create")
private func memfdCreate(_ name: UnsafePointer<CChar>, _ flags: UInt32) -> Int32
