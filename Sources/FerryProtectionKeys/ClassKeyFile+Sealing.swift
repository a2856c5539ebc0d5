import Crypto
import CryptoExtras
import FerryProtection
import FoundationEssentials

// Sealing and opening the class keys: scrypt for the passphrase, AES-256-GCM per key.
extension ClassKeyFile {
    /// New random class keys sealed under `passphrase`.
    public static func create(passphrase: [UInt8], kdf: KDF? = nil) throws(ProtectionError) -> (file: ClassKeyFile, keys: [ProtectionClass: [UInt8]]) {
        let parameters = kdf ?? .standard(salt: Data(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }))
        let wrapping = try wrappingKey(passphrase, parameters)
        var classes: [String: Sealed] = [:]
        var keys: [ProtectionClass: [UInt8]] = [:]
        for protection in ProtectionClass.keyed {
            let raw = SymmetricKey(size: SymmetricKeySize(bitCount: 512)).withUnsafeBytes { Array($0) }
            keys[protection] = raw
            guard let box = try? AES.GCM.seal(raw, using: wrapping, authenticating: aad(protection)), let combined = box.combined else {
                throw ProtectionError(.system, "cannot seal the \(protection.rawValue) key")
            }
            classes[protection.rawValue] = Sealed(identifier: identifier(of: raw), sealed: combined)
        }
        return (ClassKeyFile(kdf: parameters, classes: classes), keys)
    }

    /// Opens the class keys with `passphrase`.
    ///
    /// - Throws: ``ProtectionError`` `.wrongPassphrase` when the passphrase does not open them.
    public func open(passphrase: [UInt8], path: String) throws(ProtectionError) -> [ProtectionClass: [UInt8]] {
        let wrapping = try Self.wrappingKey(passphrase, kdf)
        var keys: [ProtectionClass: [UInt8]] = [:]
        for protection in ProtectionClass.keyed {
            guard let sealed = classes[protection.rawValue] else {
                throw ProtectionError(.badKeyFile, "\(path) has no \(protection.rawValue) key: restore the file from a backup")
            }
            guard let box = try? AES.GCM.SealedBox(combined: sealed.sealed),
                  let raw = try? AES.GCM.open(box, using: wrapping, authenticating: Self.aad(protection))
            else {
                throw ProtectionError(.wrongPassphrase, "wrong passphrase: it does not open the class keys in \(path); no key was added")
            }
            keys[protection] = Array(raw)
        }
        return keys
    }

    /// The kernel's identifier of an fscrypt v2 key: HKDF-SHA512(key, info "fscrypt\0" + 0x01), 16 bytes.
    public static func identifier(of raw: [UInt8]) -> KeyIdentifier {
        let info = Array("fscrypt".utf8) + [0, 1]
        let derived = HKDF<SHA512>.deriveKey(inputKeyMaterial: SymmetricKey(data: raw), info: info, outputByteCount: 16)
        return KeyIdentifier(bytes: derived.withUnsafeBytes { Array($0) })
    }

    private static func wrappingKey(_ passphrase: [UInt8], _ kdf: KDF) throws(ProtectionError) -> SymmetricKey {
        do {
            return try KDF_Scrypt.derive(passphrase, kdf)
        } catch {
            throw ProtectionError(.badKeyFile, "cannot derive the key from the passphrase (scrypt logN \(kdf.logN), r \(kdf.blockSize), p \(kdf.parallelism)): \(error)")
        }
    }

    private static func aad(_ protection: ProtectionClass) -> [UInt8] {
        Array("ferry-class-key:v1:\(protection.rawValue)".utf8)
    }
}

/// swift-crypto's scrypt, named apart from this file's `KDF` parameters type.
enum KDF_Scrypt {
    static func derive(_ passphrase: [UInt8], _ kdf: ClassKeyFile.KDF) throws -> SymmetricKey {
        try CryptoExtras.KDF.Scrypt.deriveKey(
            from: passphrase, salt: kdf.salt, outputByteCount: 32,
            rounds: 1 << kdf.logN, blockSize: kdf.blockSize, parallelism: kdf.parallelism)
    }
}
