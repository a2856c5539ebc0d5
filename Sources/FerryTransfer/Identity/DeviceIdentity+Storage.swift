import Crypto
import FerryProtocol
import FoundationEssentials
import SwiftASN1
import X509

#if canImport(Glibc)
import Glibc
#endif

extension DeviceIdentity {
    /// The key's file name inside the identity folder (mode 0600).
    public static let keyFile = "key.pem"
    /// The certificate's file name inside the identity folder.
    public static let certificateFile = "certificate.pem"

    /// The identity folder for a data home: `<dataHome>/identity`, where `dataHome` is
    /// `$XDG_DATA_HOME/ferry` (``DataHome``).
    public static func directory(dataHome: String) -> String {
        dataHome + "/identity"
    }

    /// Loads the identity kept in `directory`, creating it (folder 0700, key 0600, atomic writes)
    /// on first use.
    ///
    /// A key without a certificate (a start interrupted between the two writes) gets a new
    /// certificate for the same key.
    ///
    /// - Parameters:
    ///   - directory: The identity folder, normally ``directory(dataHome:)``.
    ///   - now: The time the certificate's validity starts from, when one is made.
    /// - Throws: ``IdentityError`` when the folder cannot be created, or a file in it cannot be read,
    ///   is not what it should be, or does not match the other.
    public static func loadOrCreate(directory: String, now: Date = Date()) throws(IdentityError) -> DeviceIdentity {
        do {
            try FileSystem.createDirectories(directory)
        } catch {
            throw IdentityError(.unwritable, path: directory, "\(error)")
        }
        guard chmod(directory, 0o700) == 0 else {
            throw IdentityError(.unwritable, path: directory, String(cString: strerror(errno)))
        }
        let keyPath = directory + "/" + keyFile
        let certificatePath = directory + "/" + certificateFile
        var key = try readKey(keyPath)
        if key == nil { key = try createKey(keyPath) }
        guard let key else { preconditionFailure("a key was just read or made") }
        if let identity = try readCertificate(certificatePath, key: key) { return identity }
        return try createCertificate(certificatePath, key: key, now: now)
    }

    private static func readKey(_ path: String) throws(IdentityError) -> P256.Signing.PrivateKey? {
        guard let text = try readText(path) else { return nil }
        do {
            return try P256.Signing.PrivateKey(pemRepresentation: text)
        } catch {
            throw IdentityError(.damaged, path: path, "not a P-256 private key in PEM form (\(error))")
        }
    }

    private static func createKey(_ path: String) throws(IdentityError) -> P256.Signing.PrivateKey {
        let key = P256.Signing.PrivateKey()
        try write(Array(key.pemRepresentation.utf8), to: path, mode: 0o600)
        return key
    }

    private static func readCertificate(
        _ path: String, key: P256.Signing.PrivateKey
    ) throws(IdentityError) -> DeviceIdentity? {
        guard let text = try readText(path) else { return nil }
        let certificate: Certificate
        do {
            certificate = try Certificate(pemEncoded: text)
        } catch {
            throw IdentityError(.damaged, path: path, "not a certificate in PEM form (\(error))")
        }
        guard certificate.publicKey == Certificate.PublicKey(key.publicKey) else {
            throw IdentityError(.damaged, path: path, "the certificate does not belong to \(keyFile) beside it")
        }
        return try identity(certificate, key: key, path: path)
    }

    private static func createCertificate(
        _ path: String, key: P256.Signing.PrivateKey, now: Date
    ) throws(IdentityError) -> DeviceIdentity {
        let certificate: Certificate
        do {
            certificate = try SelfSignedCertificate.make(key: key, now: now)
        } catch {
            throw IdentityError(.unwritable, path: path, "cannot make a certificate (\(error))")
        }
        let identity = try identity(certificate, key: key, path: path)
        try write(Array(identity.certificatePEM.utf8), to: path, mode: 0o644)
        return identity
    }

    private static func identity(
        _ certificate: Certificate, key: P256.Signing.PrivateKey, path: String
    ) throws(IdentityError) -> DeviceIdentity {
        do {
            var serializer = DER.Serializer()
            try serializer.serialize(certificate)
            return DeviceIdentity(certificateDER: serializer.serializedBytes, privateKeyPEM: key.pemRepresentation)
        } catch {
            throw IdentityError(.damaged, path: path, "cannot encode the certificate (\(error))")
        }
    }

    private static func readText(_ path: String) throws(IdentityError) -> String? {
        guard FileSystem.exists(path) else { return nil }
        guard FileSystem.isRegularFile(path) else { throw IdentityError(.damaged, path: path, "not a regular file") }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            guard data.count < 64 * 1024 else { throw IdentityError(.damaged, path: path, "larger than 64 KiB") }
            return String(decoding: data, as: UTF8.self)
        } catch let error as IdentityError {
            throw error
        } catch {
            throw IdentityError(.unreadable, path: path, "\(error)")
        }
    }

    private static func write(_ bytes: [UInt8], to path: String, mode: mode_t) throws(IdentityError) {
        do {
            try FileSystem.writeAtomically(bytes, to: path, mode: mode)
        } catch {
            throw IdentityError(.unwritable, path: path, "\(error)")
        }
    }
}
