import CFscrypt
#if canImport(Glibc)
import Glibc
#endif

/// The fscrypt keyring of one filesystem, reached through any folder on it (Ferry uses its data home).
public struct FilesystemKeyring: Sendable {
    /// What the kernel says about a key.
    public enum Status: String, Sendable, Codable {
        /// Not added: files of its class cannot be opened.
        case absent
        /// Added: files of its class open normally.
        case present
        /// Removed, but files open at the time still hold it (completeUnlessOpen's rule).
        case incompletelyRemoved
        /// The filesystem has no fscrypt: nothing is enforced.
        case unenforced
    }

    /// A folder on the filesystem.
    public var path: String

    public init(path: String) {
        self.path = path
    }

    /// Adds a raw class key to the filesystem's keyring.
    ///
    /// - Returns: The kernel's identifier for the key.
    /// - Throws: ``ProtectionError`` with `.unsupported` where the filesystem has no fscrypt.
    @discardableResult
    public func add(_ raw: [UInt8]) throws(ProtectionError) -> KeyIdentifier {
        try FscryptCalls.withDescriptor(path, "open") { fd throws(ProtectionError) in
            let (result, identifier) = FscryptCalls.addKey(fd, raw)
            if result == 0, let identifier { return identifier }
            throw Self.failure(-result, "add a key to the filesystem of", path)
        }
    }

    /// Removes this user's claim on a key. Files still open keep it until they are closed.
    ///
    /// - Returns: The status after removal (`.absent`, or `.incompletelyRemoved` while files are busy).
    @discardableResult
    public func remove(_ identifier: KeyIdentifier) throws(ProtectionError) -> Status {
        try FscryptCalls.withDescriptor(path, "open") { fd throws(ProtectionError) in
            let (result, flags) = FscryptCalls.removeKey(fd, identifier)
            if result == -ENOKEY { return .absent }
            guard result == 0 else { throw Self.failure(-result, "remove key \(identifier) from the filesystem of", path) }
            return flags & UInt32(CFSCRYPT_REMOVAL_FILES_BUSY) != 0 ? .incompletelyRemoved : .absent
        }
    }

    /// The kernel's status of a key, `.unenforced` where the filesystem has no fscrypt.
    public func status(_ identifier: KeyIdentifier) throws(ProtectionError) -> Status {
        try FscryptCalls.withDescriptor(path, "open") { fd throws(ProtectionError) in
            let reply = FscryptCalls.keyStatus(fd, identifier)
            if reply.result != 0 {
                if ProtectionError.meansUnsupported(-reply.result) { return .unenforced }
                throw Self.failure(-reply.result, "read key \(identifier)'s status on the filesystem of", path)
            }
            switch reply.status {
            case 2: return .present
            case 3: return .incompletelyRemoved
            default: return .absent
            }
        }
    }

    /// Whether the filesystem can enforce classes.
    public var isSupported: Bool {
        (try? status(KeyIdentifier(bytes: [UInt8](repeating: 0, count: 16)))) != .unenforced
    }

    static func failure(_ number: Int32, _ action: String, _ path: String) -> ProtectionError {
        ProtectionError.meansUnsupported(number) ? .unsupported(path) : .system(action, path, number)
    }
}
