import Crypto
import FerryCore

#if canImport(Glibc)
import Glibc
#endif

/// The per-user AES-256 key that encrypts saved state, kept in a file of its own (0600, in a
/// 0700 folder) apart from the archives, created on first use.
enum StateKey {
    static let length = 32

    /// Reads the key at `path`, creating it (and `folder`, 0700) when there is none.
    ///
    /// - Throws: ``StateError`` `key` naming the file when it cannot be read or written, or is
    ///   not 32 bytes.
    static func loadOrCreate(at path: String, folder: String) throws(StateError) -> SymmetricKey {
        if let bytes = read(path) {
            guard bytes.count == length else {
                throw StateError(.key, "state key \(path) is \(bytes.count) bytes, not \(length); remove it (saved state is then lost)")
            }
            return SymmetricKey(data: bytes)
        }
        let key = SymmetricKey(size: .bits256)
        let bytes = key.withUnsafeBytes { Array($0) }
        do {
            try FileSystem.createDirectories(folder)
            try FileSystem.writeAtomically(bytes, to: path, mode: 0o600)
        } catch {
            throw StateError(.key, "cannot create the state key: \(error)")
        }
        return key
    }

    /// The file's bytes; nil when it does not exist or cannot be opened.
    private static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: length + 1)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        return count < 0 ? nil : Array(buffer[..<count])
    }
}
