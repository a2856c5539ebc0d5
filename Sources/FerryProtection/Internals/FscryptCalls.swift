import CFscrypt

#if canImport(Glibc)
import Glibc
#endif

/// The fscrypt ioctls, one place for every C call (tests drive the Swift side through real files).
enum FscryptCalls {
    /// Opens `path` read-only (a directory too) for an ioctl; returns the fd or -errno.
    static func openForIoctl(_ path: String) -> Int32 {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        return fd >= 0 ? fd : -errno
    }

    static func withDescriptor<T>(_ path: String, _ action: String, _ body: (Int32) throws(ProtectionError) -> T) throws(ProtectionError) -> T {
        let fd = openForIoctl(path)
        guard fd >= 0 else { throw .system("open", path, -fd) }
        defer { close(fd) }
        return try body(fd)
    }

    static func setPolicy(_ fd: Int32, _ identifier: KeyIdentifier) -> Int32 {
        identifier.bytes.withUnsafeBufferPointer { cfscrypt_set_policy_v2(fd, $0.baseAddress) }
    }

    /// The policy's version and v2 identifier, or -errno (-ENODATA: not encrypted).
    static func policy(_ fd: Int32) -> (result: Int32, version: UInt8, identifier: KeyIdentifier?) {
        var version: UInt8 = 0
        var bytes = [UInt8](repeating: 0, count: 16)
        let result = bytes.withUnsafeMutableBufferPointer { cfscrypt_get_policy(fd, &version, $0.baseAddress) }
        return (result, version, result == 0 && version == 2 ? KeyIdentifier(bytes: bytes) : nil)
    }

    static func addKey(_ fd: Int32, _ raw: [UInt8]) -> (result: Int32, identifier: KeyIdentifier?) {
        var bytes = [UInt8](repeating: 0, count: 16)
        let result = raw.withUnsafeBufferPointer { key in
            bytes.withUnsafeMutableBufferPointer { cfscrypt_add_key(fd, key.baseAddress, UInt32(key.count), $0.baseAddress) }
        }
        return (result, result == 0 ? KeyIdentifier(bytes: bytes) : nil)
    }

    static func removeKey(_ fd: Int32, _ identifier: KeyIdentifier) -> (result: Int32, flags: UInt32) {
        var flags: UInt32 = 0
        let result = identifier.bytes.withUnsafeBufferPointer { cfscrypt_remove_key(fd, $0.baseAddress, &flags) }
        return (result, flags)
    }

    static func keyStatus(_ fd: Int32, _ identifier: KeyIdentifier) -> (result: Int32, status: UInt32, flags: UInt32, users: UInt32) {
        var status: UInt32 = 0, flags: UInt32 = 0, users: UInt32 = 0
        let result = identifier.bytes.withUnsafeBufferPointer { cfscrypt_key_status(fd, $0.baseAddress, &status, &flags, &users) }
        return (result, status, flags, users)
    }
}
