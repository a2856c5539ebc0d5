import FerryProtocol

#if canImport(Glibc)
import Glibc
#endif

/// A file open for reading, read a chunk at a time by its descriptor: what
/// `FileHandle(forReadingAtPath:)` and `readData(ofLength:)` did, without full Foundation.
package final class FileReader: Sendable {
    /// The file, for error messages.
    package let path: String
    private let descriptor: Int32

    /// Opens `path` for reading; nil when it cannot be opened.
    package init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        (self.path, self.descriptor) = (path, descriptor)
    }

    deinit { close(descriptor) }

    /// The next `count` bytes, fewer only at the end of the file; empty there.
    ///
    /// - Throws: ``FileSystemError`` naming the file when the read fails.
    package func read(upTo count: Int) throws(FileSystemError) -> [UInt8] {
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
            while filled < count {
                let got = Glibc.read(descriptor, buffer.baseAddress! + filled, count - filled)
                if got < 0 && errno == EINTR { continue }
                if got < 0 { failure = errno }
                if got <= 0 { break }
                filled += got
            }
        }
        guard failure == 0 else { throw FileSystemError(path: path, errno: failure, action: "read") }
        return bytes
    }
}
