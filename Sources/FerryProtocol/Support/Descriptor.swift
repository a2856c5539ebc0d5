#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads from an inherited descriptor: the memory file a restored app gets its saved state in.
package enum Descriptor {
    /// Everything in the file open at `fd`, at most `limit` bytes, in one array that is never
    /// zeroed first; nil when it cannot be read or is larger than `limit`.
    package static func contents(of fd: Int32, limit: Int = .max) -> [UInt8]? {
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size <= limit else { return nil }
        let size = Int(info.st_size)
        return try? [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            while count < size {
                let got = pread(fd, buffer.baseAddress! + count, size - count, off_t(count))
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { break }
                count += got
            }
        }
    }
}
