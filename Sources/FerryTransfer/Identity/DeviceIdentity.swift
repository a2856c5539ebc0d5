import Crypto
import FerryProtocol
import FoundationEssentials
import NIOSSL
import SwiftASN1
import X509

#if canImport(Glibc)
import Glibc
#endif

/// This device's TLS identity: a P-256 key and a self-signed certificate, kept under
/// `$XDG_DATA_HOME/ferry/identity/` and reused on every start.
///
/// Peers know a device by the SHA-256 fingerprint of its certificate: discovery advertises it, the
/// trust store pins it, and mutual TLS checks it on both sides. The device id is derived from the
/// fingerprint (its first 16 hex digits), so the two can never disagree and a receiver can check one
/// against the other; a new identity (after deleting the folder) is a new device.
public struct DeviceIdentity: Sendable {
    /// The certificate, DER-encoded.
    public let certificateDER: [UInt8]
    /// The private key, PEM-encoded (PKCS #8).
    public let privateKeyPEM: String
    /// Lowercase hex SHA-256 of ``certificateDER``: 64 characters.
    public let fingerprint: String

    /// A short stable id for this device: the first 16 hex digits of ``fingerprint``.
    public var deviceId: String { Self.deviceId(fingerprint: fingerprint) }

    /// The certificate chain (one self-signed certificate) for NIOSSL.
    public var certificateChain: [NIOSSLCertificateSource] {
        get throws { [.certificate(try NIOSSLCertificate(bytes: certificateDER, format: .der))] }
    }

    /// The private key for NIOSSL.
    public var privateKey: NIOSSLPrivateKeySource {
        get throws { .privateKey(try NIOSSLPrivateKey(bytes: Array(privateKeyPEM.utf8), format: .pem)) }
    }

    /// The certificate in PEM form, as `curl --cert` wants it.
    public var certificatePEM: String {
        PEMDocument(type: "CERTIFICATE", derBytes: certificateDER).pemString
    }

    /// The device id belonging to a certificate fingerprint.
    public static func deviceId(fingerprint: String) -> String {
        String(fingerprint.prefix(16))
    }

    /// Lowercase hex SHA-256 of DER bytes.
    public static func fingerprint(der: some Sequence<UInt8>) -> String {
        Array(SHA256.hash(data: Array(der))).hexString
    }

    init(certificateDER: [UInt8], privateKeyPEM: String) {
        self.certificateDER = certificateDER
        self.privateKeyPEM = privateKeyPEM
        self.fingerprint = Self.fingerprint(der: certificateDER)
    }
}
