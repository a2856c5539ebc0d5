import CFscrypt
#if canImport(Glibc)
import Glibc
#endif

/// A folder's or file's class as the filesystem has it.
public enum ProtectionReading: Sendable, Equatable, CustomStringConvertible {
    /// The kernel enforces this class (`none`: no policy on an fscrypt filesystem).
    case enforced(ProtectionClass)
    /// The filesystem has no fscrypt; `intended` is the class asked for, if any. Nothing is protected.
    case unenforced(intended: ProtectionClass?)
    /// Encrypted with a key that is not one of this user's class keys.
    case foreignKey(KeyIdentifier)

    public var description: String {
        switch self {
        case .enforced(let protection): protection.rawValue
        case .unenforced(let intended): (intended.map { "\($0.rawValue) " } ?? "") + "unenforced"
        case .foreignKey(let identifier): "encrypted with another key (\(identifier))"
        }
    }
}

/// Classes on folders: an fscrypt v2 policy per folder, inherited by everything created inside it.
/// A file's class is its folder's (fscrypt policies are per directory).
public enum FolderProtection {
    /// The extended attribute recording the class asked for, so `unenforced` can say which.
    static let intentAttribute = "user.ferry.protection"

    /// Reads the class of `path`.
    ///
    /// - Parameter identifiers: This user's class key identifiers, from ``ClassKeyFile``.
    public static func reading(at path: String, identifiers: [ProtectionClass: KeyIdentifier]) throws(ProtectionError) -> ProtectionReading {
        let reply = try FscryptCalls.withDescriptor(path, "open") { fd in FscryptCalls.policy(fd) }
        if reply.result == -ENODATA { return .enforced(.none) }
        if ProtectionError.meansUnsupported(-reply.result) { return .unenforced(intended: intent(at: path)) }
        guard reply.result == 0 else { throw .system("read the encryption policy of", path, -reply.result) }
        guard let identifier = reply.identifier else { return .foreignKey(KeyIdentifier(bytes: [UInt8](repeating: 0, count: 16))) }
        if let found = identifiers.first(where: { $0.value == identifier }) { return .enforced(found.key) }
        return .foreignKey(identifier)
    }

    /// Gives the empty folder `path` a class; files and folders created inside it inherit it.
    ///
    /// - Returns: The reading afterwards (`.unenforced` where the filesystem has no fscrypt; the class
    ///   asked for is still recorded).
    /// - Throws: ``ProtectionError`` naming the folder: not a folder, not empty, already another class.
    @discardableResult
    public static func set(_ protection: ProtectionClass, on path: String, identifiers: [ProtectionClass: KeyIdentifier]) throws(ProtectionError) -> ProtectionReading {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .system("read", path, errno) }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw ProtectionError(.notADirectory, "\(path) is not a folder: a file has its folder's class; set the class on an empty folder and create the file inside it")
        }
        let before = try reading(at: path, identifiers: identifiers)
        if case .unenforced = before {
            recordIntent(protection, at: path)
            return .unenforced(intended: protection)
        }
        if before == .enforced(protection) { return before }
        guard before == .enforced(.none) else {
            throw ProtectionError(.alreadyProtected, "\(path) already has class \(before) (its own or its parent's); a folder's class is fixed once set: create a new folder instead")
        }
        guard protection != .none else { return .enforced(.none) }
        guard let identifier = identifiers[protection] else {
            throw ProtectionError(.noKeys, "no key for class \(protection.rawValue) yet: run `ferry unlock` once to create the class keys")
        }
        try apply(identifier, to: path)
        recordIntent(protection, at: path)
        return .enforced(protection)
    }

    private static func apply(_ identifier: KeyIdentifier, to path: String) throws(ProtectionError) {
        let result = try FscryptCalls.withDescriptor(path, "open") { fd in FscryptCalls.setPolicy(fd, identifier) }
        switch -result {
        case 0: return
        case ENOTEMPTY: throw ProtectionError(.notEmpty, "\(path) is not empty: a class can only be given to an empty folder; create a new folder, set its class, and move the files in", errno: ENOTEMPTY)
        case EEXIST: throw ProtectionError(.alreadyProtected, "\(path) already has another class; a folder's class is fixed once set", errno: EEXIST)
        case ENOKEY: throw ProtectionError(.keyAbsent, "the class key for \(path) is not loaded: run `ferry unlock` first", errno: ENOKEY)
        default: throw FilesystemKeyring.failure(-result, "set the encryption policy of", path)
        }
    }

    static func intent(at path: String) -> ProtectionClass? {
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = getxattr(path, intentAttribute, &buffer, buffer.count)
        guard count > 0 else { return nil }
        return ProtectionClass(rawValue: String(decoding: buffer[..<count], as: UTF8.self))
    }

    /// Records the class asked for; where the filesystem has no user xattrs either, it is simply not recorded.
    static func recordIntent(_ protection: ProtectionClass, at path: String) {
        let value = Array(protection.rawValue.utf8)
        _ = setxattr(path, intentAttribute, value, value.count, 0)
    }
}
