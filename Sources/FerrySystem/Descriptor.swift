#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads and writes whole buffers on a descriptor, retrying after EINTR and short transfers.
package enum Descriptor {
    /// Everything in the file open at `fd`, at most `limit` bytes, in one array that is never
    /// zeroed first; nil when it cannot be read or is larger than `limit`. For the memory file a
    /// restored app gets its saved state in.
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

    /// Writes all of `bytes` to `fd`. The one write-all loop: files, pipes and the CLI's outputs.
    ///
    /// - Returns: false when a write failed (`errno` says why: ENOSPC, EPIPE…) or wrote nothing.
    @discardableResult
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }

    /// ``writeAll(_:_:)-(_,UnsafeRawBufferPointer)`` for an array.
    @discardableResult
    package static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { writeAll(fd, $0) }
    }
}
