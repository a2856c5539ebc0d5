#if canImport(Glibc)
import Glibc
#endif

extension FileSystem {
    /// Copies everything `input` has left into `output`, retrying on EINTR and short writes. For
    /// the copies a rename cannot do (across fscrypt policies); the caller syncs and closes.
    package static func copyBytes(from input: Int32, to output: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count == 0 { return true }
            if count < 0 { if errno == EINTR { continue }; return false }
            var offset = 0
            while offset < count {
                let written = buffer.withUnsafeBytes { write(output, $0.baseAddress! + offset, count - offset) }
                if written < 0 { if errno == EINTR { continue }; return false }
                offset += written
            }
        }
    }
}
