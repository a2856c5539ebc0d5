import Foundation
import NIOHTTP1
import Testing
import FerryTestSupport
@testable import FerryLocalSend
@testable import FerryTransfer

/// LocalSend's own app still answers the v1 `info` and `register`; some clients ask
/// `GET /api/localsend/v1/info` before every upload and never send when it is a 404 (issue 31).
/// Served by the same connection loop, so under the same limits as the v2 endpoints.
@Suite struct LocalSendLegacyInfoTests {
    /// One request to the server on `port`, as `sender`.
    static func ask(_ port: Int, as sender: DeviceIdentity, _ method: HTTPMethod, _ path: String, json: [UInt8] = []) async throws -> (Int, [UInt8]) {
        try await LocalSendClient(identity: sender).withConnection(host: "127.0.0.1", port: port, fingerprint: nil) { http in
            try await http.request(method, path, json: json)
        }
    }

    @Test func v1InfoAnswersWhatV2InfoAnswers() async throws {
        let fixture = try LocalSendFixture()
        try await LocalSendServerTests.withServer(fixture) { _, port, sender in
            let v1 = try await Self.ask(port, as: sender, .GET, "/api/localsend/v1/info")
            let v2 = try await Self.ask(port, as: sender, .GET, "/api/localsend/v2/info")
            #expect(v1.0 == 200)
            #expect(v1.1 == v2.1)
            let info = try LocalSendJSON.info(v1.1)
            #expect(info.alias == "ferry" && info.deviceModel == "Ferry" && info.version == LocalSendInfo.protocolVersion)
        }
    }

    @Test func v1RegisterRecordsTheSender() async throws {
        let fixture = try LocalSendFixture()
        try await LocalSendServerTests.withServer(fixture) { server, port, sender in
            let (status, body) = try await Self.ask(port, as: sender, .POST, "/api/localsend/v1/register", json: LocalSendJSON.encode(LocalSendServerTests.info(sender)))
            #expect(status == 200)
            #expect(try LocalSendJSON.info(body).alias == "ferry")
            #expect(await server.peers.list().first?.fingerprint == sender.fingerprint)
        }
    }

    /// As LocalSend answers a device that found itself: 412, at either version's path.
    @Test(arguments: ["/api/localsend/v1/info", "/api/localsend/v2/info"])
    func askingWithOurOwnFingerprintIs412(path: String) async throws {
        let fixture = try LocalSendFixture()
        try await LocalSendServerTests.withServer(fixture) { server, port, sender in
            let ours = await server.info().fingerprint.lowercased()
            let (status, _) = try await Self.ask(port, as: sender, .GET, path + "?fingerprint=" + ours)
            #expect(status == 412)
        }
    }

    /// The port's small-body limit holds at the v1 paths: a register body over it is refused.
    @Test func aV1RegisterOverTheSmallBodyLimitIs413() async throws {
        let fixture = try LocalSendFixture()
        var limits = LocalSendFixture.quick
        limits.maximumSmallBody = 1024
        try await LocalSendServerTests.withServer(fixture, limits: limits) { server, port, sender in
            var info = LocalSendServerTests.info(sender)
            info.deviceModel = String(repeating: "x", count: 4096)
            let (status, _) = try await Self.ask(port, as: sender, .POST, "/api/localsend/v1/register", json: LocalSendJSON.encode(info))
            #expect(status == 413)
            #expect(await server.peers.list().isEmpty)
        }
    }

    @Test func otherV1EndpointsAre404() async throws {
        let fixture = try LocalSendFixture()
        try await LocalSendServerTests.withServer(fixture) { _, port, sender in
            let (status, _) = try await Self.ask(port, as: sender, .POST, "/api/localsend/v1/prepare-upload", json: Array("{}".utf8))
            #expect(status == 404)
        }
    }
}
