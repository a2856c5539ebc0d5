import Foundation
import Testing
@testable import FerryLocalSend
@testable import FerryTransfer

/// The web share (§5) over real TLS on loopback: PIN, sessions, and the bytes.
@Suite struct LocalSendSharesTests {
    struct Prepared: Decodable {
        var sessionId: String
        var files: [String: LocalSendFile]
    }

    @Test func aSharedFileDownloadsByteForByteAfterThePin() async throws {
        let fixture = try LocalSendFixture()
        let content = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let path = fixture.path + "/shared.bin"
        try Data(content).write(to: URL(fileURLWithPath: path))
        let events = EventLog()
        try await LocalSendServerTests.withServer(fixture) { server, port, sender in
            _ = try await server.shares.start(LocalFile.collect([path]), pin: "246810") { await events.add($0.message) }
            try await LocalSendClient(identity: sender).withConnection(host: "127.0.0.1", port: port, fingerprint: nil) { http async throws in
                #expect(try await http.request(.GET, "/").0 == 200)
                #expect(try await http.request(.POST, "/api/localsend/v2/prepare-download").0 == 401)
                #expect(try await http.request(.POST, "/api/localsend/v2/prepare-download?pin=1111").0 == 401)
                let (status, body) = try await http.request(.POST, "/api/localsend/v2/prepare-download?pin=246810")
                #expect(status == 200)
                let prepared = try JSONDecoder().decode(Prepared.self, from: Data(body))
                #expect(prepared.files["f0"]?.fileName == "shared.bin")
                #expect(try await http.request(.GET, "/api/localsend/v2/download?sessionId=forged&fileId=f0").0 == 403)
                let (got, bytes) = try await http.request(.GET, "/api/localsend/v2/download?sessionId=\(prepared.sessionId)&fileId=f0")
                #expect(got == 200)
                #expect(bytes == content)
            }
        }
        #expect(await events.lines == ["download of shared.bin to 127.0.0.1"])
    }

    @Test func withoutAShareThereIsNothingToPrepareOrSee() async throws {
        let fixture = try LocalSendFixture()
        try await LocalSendServerTests.withServer(fixture) { server, port, sender in
            let id = try await server.shares.start(LocalFile.collect([fixture.path]), pin: nil) { _ in }
            await server.shares.stop(id)
            try await LocalSendClient(identity: sender).withConnection(host: "127.0.0.1", port: port, fingerprint: nil) { http async throws in
                #expect(try await http.request(.GET, "/").0 == 404)
                #expect(try await http.request(.POST, "/api/localsend/v2/prepare-download").0 == 403)
            }
        }
    }

    @Test func aSecondShareIsRefusedWhileOneIsOpen() async throws {
        let shares = LocalSendShares()
        _ = try await shares.start([], pin: nil) { _ in }
        let error = await #expect(throws: LocalSendError.self) { try await shares.start([], pin: nil) { _ in } }
        #expect(error?.status == 409)
    }
}

actor EventLog {
    var lines: [String] = []
    func add(_ line: String) { lines.append(line) }
}
