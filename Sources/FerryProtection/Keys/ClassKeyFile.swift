import FoundationEssentials

/// The class keys at rest: random 64-byte fscrypt keys, each sealed with AES-256-GCM under a key
/// derived from the user's passphrase by scrypt. The file itself needs no class: nothing in it is
/// readable without the passphrase, and the identifiers are hashes the kernel shows anyway.
///
/// This is the file's shape, which reading identifiers and locking need; sealing and opening (the
/// crypto) are in FerryProtectionKeys, which only ferryd links.
public struct ClassKeyFile: Sendable, Codable, Equatable {
    /// scrypt's cost parameters and salt.
    public struct KDF: Sendable, Codable, Equatable {
        /// log2 of scrypt's N (rounds).
        public var logN: Int
        public var blockSize: Int
        public var parallelism: Int
        public var salt: Data

        public init(logN: Int, blockSize: Int, parallelism: Int, salt: Data) {
            (self.logN, self.blockSize, self.parallelism, self.salt) = (logN, blockSize, parallelism, salt)
        }

        /// N = 2^15, r = 8, p = 1: 32 MiB and about 0.1 s per unlock.
        public static func standard(salt: Data) -> KDF { KDF(logN: 15, blockSize: 8, parallelism: 1, salt: salt) }
    }

    /// One class key, sealed.
    public struct Sealed: Sendable, Codable, Equatable {
        /// The kernel's identifier of the key (what folders' policies name).
        public var identifier: KeyIdentifier
        /// Nonce, ciphertext and tag (AES-GCM's combined form).
        public var sealed: Data

        public init(identifier: KeyIdentifier, sealed: Data) {
            (self.identifier, self.sealed) = (identifier, sealed)
        }
    }

    public var version = 1
    public var kdf: KDF
    public var classes: [String: Sealed]

    public init(kdf: KDF, classes: [String: Sealed]) {
        (self.kdf, self.classes) = (kdf, classes)
    }

    /// The identifiers per class, for reading and setting folders' classes.
    public var identifiers: [ProtectionClass: KeyIdentifier] {
        Dictionary(uniqueKeysWithValues: classes.compactMap { name, sealed in
            ProtectionClass(rawValue: name).map { ($0, sealed.identifier) }
        })
    }
}
