#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
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
            let written = buffer.withUnsafeBytes { Descriptor.writeAll(output, UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            guard written else { return false }
        }
    }
}
