import FerryProtocol
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// How `ferry unlock` hands the passphrase to `ferryd --unlock` when no ferryd runs: opening the
/// sealed keys needs swift-crypto, which only ferryd links. The child reads the passphrase on
/// descriptor 3 until EOF (a pipe: never in its arguments or environment) and answers on
/// descriptor 4 with one JSON ``Reply``.
public enum UnlockHandoff {
    /// The child's descriptor the passphrase arrives on.
    public static let passphraseDescriptor: Int32 = 3
    /// The child's descriptor its reply goes to.
    public static let replyDescriptor: Int32 = 4
    /// Longer input is not a passphrase: the child stops reading there.
    public static let passphraseLimit = 64 * 1024

    /// The unlock's outcome, or its error's code and message.
    public struct Reply: Sendable, Equatable, Codable {
        public var unlock: DataProtection.Unlock?
        /// The ``ProtectionError/Code``'s name.
        public var error: String?
        public var message: String?
        public var errno: Int32?

        public init(_ result: Result<DataProtection.Unlock, ProtectionError>) {
            switch result {
            case .success(let unlock): self.unlock = unlock
            case .failure(let error): (self.error, message, errno) = (error.code.description, error.message, error.errno)
            }
        }

        /// The outcome as the unlock returned it; a code this ferry does not know is `.system`.
        public var result: Result<DataProtection.Unlock, ProtectionError> {
            if let unlock { return .success(unlock) }
            let code = error.flatMap(ProtectionError.Code.init(name:)) ?? .system
            return .failure(ProtectionError(code, message ?? "ferryd --unlock failed without a message", errno: errno))
        }

        public func encoded() -> [UInt8] {
            ((try? JSONEncoder().encode(self)).map(Array.init) ?? []) + [UInt8(ascii: "\n")]
        }

        public static func decode(_ bytes: [UInt8]) -> Reply? {
            try? JSONDecoder().decode(Reply.self, from: Data(bytes))
        }
    }

    /// Everything readable from `fd` until EOF, at most `limit` bytes (more is cut off).
    public static func readAll(_ fd: Int32, limit: Int = .max) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < limit {
            let count = read(fd, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return Array(bytes.prefix(limit))
    }

    /// Writes all of `bytes` to `fd`; false when the reader went away.
    @discardableResult
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        Descriptor.writeAll(fd, bytes)
    }
}
