import Crypto
import Foundation
import Logging
import NIOHTTP1
import Testing
import FerryTestSupport
@testable import FerryLocalSend
@testable import FerryTransfer

/// The HTTPS API on loopback with real TLS, driven by Ferry's own LocalSend client. Unicast only:
/// discovery here is the register endpoint, never multicast.
@Suite struct LocalSendServerTests {
    /// Runs a server for `fixture` on a free port while `body` runs.
    static func withServer<T: Sendable>(_ fixture: LocalSendFixture, limits: LocalSendLimits = LocalSendFixture.quick,
                                        _ body: @Sendable (LocalSendServer, Int, DeviceIdentity) async throws -> T) async throws -> T {
        let identity = try DeviceIdentity.loadOrCreate(directory: fixture.path + "/receiver-identity")
        let sender = try DeviceIdentity.loadOrCreate(directory: fixture.path + "/sender-identity")
        let peers = LocalSendPeerTable(ownFingerprint: identity.fingerprint)
        let server = LocalSendServer(host: "127.0.0.1", port: 0, identity: identity, sessions: fixture.sessions, peers: peers, limits: limits,
                                     info: { LocalSendInfo(alias: "ferry", deviceModel: "Ferry", deviceType: "headless",
                                                           fingerprint: identity.fingerprint.uppercased(), port: 0) },
                                     logger: Logger(label: "test"))
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.run(untilShutdown: { try? await Task.sleep(for: .seconds(3600)) }) }
            var port: Int?
            await waitUntil("the LocalSend server to bind") {
                port = server.boundPort
                return port != nil
            }
            let result = try await body(server, try #require(port), sender)
            group.cancelAll()
            return result
        }
    }

    static func info(_ identity: DeviceIdentity) -> LocalSendInfo {
        LocalSendInfo(alias: "Phone", deviceModel: "Pixel", deviceType: "mobile", fingerprint: identity.fingerprint.uppercased(), port: 53317)
    }

    @Test func registerRecordsTheSenderUnderItsCertificateAndAnswersWithOurInfo() async throws {
        let fixture = try LocalSendFixture()
        try await Self.withServer(fixture) { server, port, sender in
            let (status, body) = try await LocalSendClient(identity: sender).withConnection(host: "127.0.0.1", port: port, fingerprint: nil) { http in
                try await http.request(.POST, "/api/localsend/v2/register", json: LocalSendJSON.encode(Self.info(sender)))
            }
            #expect(status == 200)
            let ours = try LocalSendJSON.info(body)
            #expect(ours.alias == "ferry")
            let seen = try #require(await server.peers.list().first)
            #expect(seen.fingerprint == sender.fingerprint)
            #expect(seen.verified)
            #expect(seen.address == "127.0.0.1")
        }
    }

    @Test func aFileSentOverHTTPSLandsByteForByte() async throws {
        let fixture = try LocalSendFixture()
        let content = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let source = fixture.path + "/source.bin"
        try Data(content).write(to: URL(fileURLWithPath: source))
        try await Self.withServer(fixture) { _, port, sender in
            fixture.host.trust(sender.fingerprint)
            let request = PrepareUploadRequest(info: Self.info(sender), files: ["x": LocalSendFile(
                id: "x", fileName: "big.bin", size: UInt64(content.count), fileType: "application/octet-stream",
                sha256: LocalSendFixture.hex(SHA256.hash(data: content)))])
            try await LocalSendClient(identity: sender).withConnection(host: "127.0.0.1", port: port, fingerprint: nil) { http in
                let (status, body) = try await http.request(.POST, "/api/localsend/v2/prepare-upload", json: LocalSendJSON.encode(request))
                #expect(status == 200)
                let answer = try JSONDecoder().decode(PrepareUploadResponse.self, from: Data(body))
                let target = "/api/localsend/v2/upload?sessionId=\(answer.sessionId)&fileId=x&token=\(answer.files["x"] ?? "")"
                let (uploaded, _) = try await http.upload(target, file: source, size: UInt64(content.count)) { _ in }
                #expect(uploaded == 200)
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.host.inbox + "/big.bin")) == Data(content))
    }

    @Test func anOversizedPrepareUploadIsRefusedWith413BeforeItIsRead() async throws {
        let fixture = try LocalSendFixture()
        var limits = LocalSendFixture.quick
        limits.maximumBody = 4096
        // Everyone: a certificate that is no contact's is refused from the head before the size.
        fixture.host.setMode(.everyone(until: Date() + 3600))
        try await Self.withServer(fixture, limits: limits) { _, port, sender in
            let (status, body) = try await LocalSendClient(identity: sender).withConnection(host: "127.0.0.1", port: port, fingerprint: nil) { http in
                try await http.request(.POST, "/api/localsend/v2/prepare-upload", json: Array(repeating: UInt8(ascii: " "), count: 100_000))
            }
            #expect(status == 413)
            #expect(String(decoding: body, as: UTF8.self).contains("at most 4096"))
        }
        #expect(fixture.filesOutsideStagingAndInbox().filter { !$0.contains("identity") }.isEmpty)
    }

    @Test func anUploadWithAWrongTokenIsRefusedWith403() async throws {
        let fixture = try LocalSendFixture()
        let source = fixture.path + "/a.txt"
        try Data("hello".utf8).write(to: URL(fileURLWithPath: source))
        try await Self.withServer(fixture) { _, port, sender in
            fixture.host.trust(sender.fingerprint)
            try await LocalSendClient(identity: sender).withConnection(host: "127.0.0.1", port: port, fingerprint: nil) { http in
                let request = LocalSendFixture.request([("a.txt", Array("hello".utf8))])
                let (_, body) = try await http.request(.POST, "/api/localsend/v2/prepare-upload",
                                                       json: LocalSendJSON.encode(PrepareUploadRequest(info: Self.info(sender), files: request.files)))
                let answer = try JSONDecoder().decode(PrepareUploadResponse.self, from: Data(body))
                let (status, _) = try await http.upload("/api/localsend/v2/upload?sessionId=\(answer.sessionId)&fileId=id0&token=forged",
                                                        file: source, size: 5) { _ in }
                #expect(status == 403)
            }
        }
        #expect(fixture.inboxFiles().isEmpty)
    }

    /// A sender presenting a certificate is known by it: declaring a trusted device's fingerprint
    /// in `info` does not make it that device (docs/localsend.md, Security).
    @Test func aDeclaredFingerprintDoesNotOverrideThePresentedCertificate() async throws {
        let fixture = try LocalSendFixture()
        fixture.host.trust(LocalSendFixture.phone)
        try await Self.withServer(fixture) { _, port, sender in
            var claim = Self.info(sender)
            claim.fingerprint = LocalSendFixture.phone.uppercased()
            let request = PrepareUploadRequest(info: claim, files: LocalSendFixture.request([("a.txt", Array("x".utf8))]).files)
            let (status, _) = try await LocalSendClient(identity: sender).withConnection(host: "127.0.0.1", port: port, fingerprint: nil) { http in
                try await http.request(.POST, "/api/localsend/v2/prepare-upload", json: LocalSendJSON.encode(request))
            }
            #expect(status == 403, "refused as the stranger its certificate says it is")
        }
    }

    @Test func theClientRefusesAServerWithAnotherCertificate() async throws {
        let fixture = try LocalSendFixture()
        try await Self.withServer(fixture) { _, port, sender in
            await #expect(throws: (any Error).self) {
                try await LocalSendClient(identity: sender).withConnection(host: "127.0.0.1", port: port,
                                                                           fingerprint: String(repeating: "0", count: 64)) { http in
                    try await http.request(.GET, "/api/localsend/v2/info")
                }
            }
        }
    }
}
