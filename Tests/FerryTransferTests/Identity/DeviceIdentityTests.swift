import Crypto
import Foundation
import NIOSSL
import Testing
import FerryTestSupport
@testable import FerryTransfer

@Suite struct DeviceIdentityTests {
    @Test func createsOnceThenReusesTheSameIdentity() throws {
        let scratch = try TemporaryFolder()
        let folder = scratch.path + "/ferry/identity"
        let first = try DeviceIdentity.loadOrCreate(directory: folder)
        let second = try DeviceIdentity.loadOrCreate(directory: folder)
        #expect(first.fingerprint == second.fingerprint)
        #expect(first.privateKeyPEM == second.privateKeyPEM)
        #expect(first.fingerprint.count == 64)
        #expect(first.fingerprint.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(first.deviceId == String(first.fingerprint.prefix(16)))
    }

    @Test func fingerprintIsTheSHA256OfTheCertificateDER() throws {
        let scratch = try TemporaryFolder()
        let identity = try DeviceIdentity.loadOrCreate(directory: scratch.path + "/id")
        let certificate = try NIOSSLCertificate(file: scratch.path + "/id/certificate.pem", format: .pem)
        let der = try certificate.toDERBytes()
        #expect(der == identity.certificateDER)
        let digest = SHA256.hash(data: der).map { String(format: "%02x", $0) }.joined()
        #expect(identity.fingerprint == digest)
    }

    @Test func keepsTheKeyPrivate() throws {
        let scratch = try TemporaryFolder()
        _ = try DeviceIdentity.loadOrCreate(directory: scratch.path + "/id")
        #expect(try scratch.mode("id") == 0o700)
        #expect(try scratch.mode("id/key.pem") == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/id").sorted()
        #expect(leftovers == ["certificate.pem", "key.pem"])
    }

    @Test func twoFoldersAreTwoDevices() throws {
        let scratch = try TemporaryFolder()
        let one = try DeviceIdentity.loadOrCreate(directory: scratch.path + "/one")
        let two = try DeviceIdentity.loadOrCreate(directory: scratch.path + "/two")
        #expect(one.fingerprint != two.fingerprint)
        #expect(one.deviceId != two.deviceId)
    }

    @Test func aLostCertificateIsRemadeForTheSameKey() throws {
        let scratch = try TemporaryFolder()
        let first = try DeviceIdentity.loadOrCreate(directory: scratch.path + "/id")
        try FileManager.default.removeItem(atPath: scratch.path + "/id/certificate.pem")
        let second = try DeviceIdentity.loadOrCreate(directory: scratch.path + "/id")
        #expect(first.privateKeyPEM == second.privateKeyPEM)
        #expect(FileManager.default.fileExists(atPath: scratch.path + "/id/certificate.pem"))
    }

    @Test func refusesACertificateOfAnotherKey() throws {
        let scratch = try TemporaryFolder()
        _ = try DeviceIdentity.loadOrCreate(directory: scratch.path + "/one")
        _ = try DeviceIdentity.loadOrCreate(directory: scratch.path + "/two")
        try FileManager.default.removeItem(atPath: scratch.path + "/one/certificate.pem")
        try FileManager.default.copyItem(
            atPath: scratch.path + "/two/certificate.pem", toPath: scratch.path + "/one/certificate.pem")
        let error = #expect(throws: IdentityError.self) {
            try DeviceIdentity.loadOrCreate(directory: scratch.path + "/one")
        }
        #expect(error?.code == .damaged)
        #expect(error?.description.contains("certificate.pem") == true)
    }

    @Test func refusesAGarbledKey() throws {
        let scratch = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: scratch.path + "/id", withIntermediateDirectories: true)
        try "not a key".write(toFile: scratch.path + "/id/key.pem", atomically: true, encoding: .utf8)
        let error = #expect(throws: IdentityError.self) {
            try DeviceIdentity.loadOrCreate(directory: scratch.path + "/id")
        }
        #expect(error?.code == .damaged)
        #expect(error?.path.hasSuffix("key.pem") == true)
    }

    @Test func nioSSLAcceptsTheKeyAndCertificate() throws {
        let scratch = try TemporaryFolder()
        let identity = try DeviceIdentity.loadOrCreate(directory: scratch.path + "/id")
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: try identity.certificateChain, privateKey: try identity.privateKey)
        configuration.minimumTLSVersion = .tlsv13
        _ = try NIOSSLContext(configuration: configuration)
    }
}
