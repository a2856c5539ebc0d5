import Crypto
import FoundationEssentials
import X509

/// Makes the self-signed certificate of a device identity.
enum SelfSignedCertificate {
    /// How long a certificate stays valid: peers pin its fingerprint, so it should outlive the
    /// device. Twenty years.
    static let lifetime: TimeInterval = 20 * 365 * 24 * 3600

    /// A certificate for `key`, signed by itself, valid from an hour before `now` (clock skew) for
    /// ``lifetime``. The subject is `CN=ferry device`: the name means nothing, the fingerprint is
    /// the identity.
    static func make(key: P256.Signing.PrivateKey, now: Date) throws -> Certificate {
        let privateKey = Certificate.PrivateKey(key)
        let name = try DistinguishedName { CommonName("ferry device") }
        return try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: privateKey.publicKey,
            notValidBefore: now - 3600,
            notValidAfter: now + lifetime,
            issuer: name,
            subject: name,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth, .clientAuth])
            },
            issuerPrivateKey: privateKey)
    }
}
