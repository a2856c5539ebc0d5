#if canImport(Glibc)
import Glibc
#endif

/// A data-protection operation that failed, naming the path or key at fault and what to do.
public struct ProtectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Kind: String { case unsupported, wrongPassphrase, noKeys, notEmpty, alreadyProtected, notADirectory, system, badKeyFile, keyAbsent, classMismatch }
        private let kind: Kind
        /// The filesystem cannot enforce classes (no fscrypt).
        public static let unsupported = Code(kind: .unsupported)
        /// The passphrase does not open the key file.
        public static let wrongPassphrase = Code(kind: .wrongPassphrase)
        /// No key file yet: the first `ferry unlock` creates one.
        public static let noKeys = Code(kind: .noKeys)
        /// A class can only be set on an empty folder.
        public static let notEmpty = Code(kind: .notEmpty)
        /// The folder already has a class (its own or its parent's).
        public static let alreadyProtected = Code(kind: .alreadyProtected)
        /// Classes are set on folders; a file has its folder's class.
        public static let notADirectory = Code(kind: .notADirectory)
        /// A file was to be written with a class its folder does not have.
        public static let classMismatch = Code(kind: .classMismatch)
        /// The class key is not in the kernel (locked).
        public static let keyAbsent = Code(kind: .keyAbsent)
        /// The key file cannot be read.
        public static let badKeyFile = Code(kind: .badKeyFile)
        /// Another system call failed.
        public static let system = Code(kind: .system)
        public var description: String { kind.rawValue }

        /// The code named `name` (its ``description``), as `ferryd --unlock` sends it back.
        public init?(name: String) {
            guard let kind = Kind(rawValue: name) else { return nil }
            self.kind = kind
        }

        private init(kind: Kind) {
            self.kind = kind
        }
    }

    /// What kind of failure this is.
    public var code: Code
    /// One line naming the thing at fault and what to do.
    public var message: String
    /// The C library's error number, when a system call failed.
    public var errno: Int32?

    public init(_ code: Code, _ message: String, errno: Int32? = nil) {
        self.code = code
        self.message = message
        self.errno = errno
    }

    public var description: String { message }

    public static func system(_ action: String, _ path: String, _ number: Int32) -> ProtectionError {
        ProtectionError(.system, "cannot \(action) \(path): \(String(cString: strerror(number)))", errno: number)
    }

    static func unsupported(_ path: String) -> ProtectionError {
        ProtectionError(
            .unsupported,
            "\(path): this filesystem cannot enforce protection classes (no fscrypt); on ext4 run `tune2fs -O encrypt /dev/DEVICE` (unmounted), or use a filesystem with fscrypt",
            errno: EOPNOTSUPP)
    }

    /// Whether a system error number means the filesystem has no fscrypt.
    static func meansUnsupported(_ number: Int32) -> Bool {
        number == EOPNOTSUPP || number == ENOTTY || number == ENOTSUP
    }
}
