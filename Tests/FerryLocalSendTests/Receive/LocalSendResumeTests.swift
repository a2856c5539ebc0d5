import Foundation
import NIOCore
import Testing
import FerryTestSupport
@testable import FerryLocalSend
@testable import FerryTransfer

/// An upload cut short and tried again (LocalSend always sends from byte 0): the bytes held from
/// the first try are skipped, and the whole file must still check out (issue 25, item 9).
@Suite struct LocalSendResumeTests {
    let hello = Array("hello".utf8)

    /// Starts an upload of file id0 and stops it after `bytes`, as a cut connection does.
    static func cut(_ fixture: LocalSendFixture, _ response: PrepareUploadResponse, after bytes: [UInt8]) async throws {
        let upload = try await fixture.sessions.beginUpload(session: response.sessionId, file: "id0", token: response.files["id0"] ?? "")
        try await upload.append(ByteBuffer(bytes: bytes))
        await #expect(throws: LocalSendError.self) { try await fixture.sessions.endUpload(upload, complete: false) }
    }

    /// Sends `bytes` again from byte 0, one byte a piece (the skip crosses pieces).
    static func retry(_ fixture: LocalSendFixture, _ response: PrepareUploadResponse, _ bytes: [UInt8]) async throws(LocalSendError) {
        let upload = try await fixture.sessions.beginUpload(session: response.sessionId, file: "id0", token: response.files["id0"] ?? "")
        for byte in bytes {
            do { try await upload.append(ByteBuffer(bytes: [byte])) } catch { throw LocalSendError(400, error.message) }
        }
        try await fixture.sessions.endUpload(upload, complete: true)
    }

    @Test(arguments: [false, true])
    func anUploadCutAndRetriedInFullIsAcceptedAndIntact(hashed: Bool) async throws {
        let fixture = try LocalSendFixture()
        fixture.host.trust(LocalSendFixture.phone)
        let request = LocalSendFixture.request([("a.txt", hello)], hashed: hashed)
        let response = try #require(try await fixture.sessions.prepare(request, peer: LocalSendFixture.phone))
        try await Self.cut(fixture, response, after: Array(hello.prefix(2)))
        try await Self.retry(fixture, response, hello)
        #expect(fixture.inboxFiles() == ["a.txt"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.host.inbox + "/a.txt")) == Data(hello))
    }

    /// The held prefix is checked against what the sender sends again: a file that changed since
    /// the cut is refused (and its partial dropped), and the next try starts over.
    @Test func aRetryWhoseStartDiffersFromTheHeldBytesIsRefusedThenStartsOver() async throws {
        let fixture = try LocalSendFixture()
        fixture.host.trust(LocalSendFixture.phone)
        let jello = Array("jello".utf8)
        let response = try #require(try await fixture.sessions.prepare(LocalSendFixture.request([("a.txt", hello)], hashed: false),
                                                                       peer: LocalSendFixture.phone))
        try await Self.cut(fixture, response, after: Array(hello.prefix(2)))
        let changed = await #expect(throws: LocalSendError.self) { try await Self.retry(fixture, response, jello) }
        #expect(changed?.status == 422)
        #expect(fixture.inboxFiles().isEmpty)
        try await Self.retry(fixture, response, jello)
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.host.inbox + "/a.txt")) == Data(jello))
    }
}

/// The same over HTTPS: the first upload's connection is cut inside its body.
@Suite struct LocalSendResumeOverHTTPSTests {
    /// The sizes of the files in the staging folder.
    static func staged(_ fixture: LocalSendFixture) -> [UInt64] {
        let folder = fixture.path + "/home/staging"
        return ((try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []).compactMap {
            (try? FileManager.default.attributesOfItem(atPath: folder + "/" + $0))?[.size] as? UInt64
        }
    }

    @Test func anUploadWhoseLinkWasCutIsAcceptedWhenSentAgain() async throws {
        let fixture = try LocalSendFixture()
        let content = Array("hello, resumed world".utf8)
        let source = fixture.path + "/a.txt"
        try Data(content).write(to: URL(fileURLWithPath: source))
        try await LocalSendServerTests.withServer(fixture) { _, port, sender in
            fixture.host.trust(sender.fingerprint)
            let request = PrepareUploadRequest(info: LocalSendServerTests.info(sender),
                                               files: LocalSendFixture.request([("a.txt", content)], hashed: false).files)
            let client = LocalSendClient(identity: sender)
            let (_, body) = try await client.withConnection(host: "127.0.0.1", port: port, fingerprint: nil) { http in
                try await http.request(.POST, "/api/localsend/v2/prepare-upload", json: LocalSendJSON.encode(request))
            }
            let answer = try JSONDecoder().decode(PrepareUploadResponse.self, from: Data(body))
            let target = "/api/localsend/v2/upload?sessionId=\(answer.sessionId)&fileId=id0&token=\(answer.files["id0"] ?? "")"
            try await SourcedRequest.cut(target, length: content.count, after: Array(content.prefix(7)), port: port, identity: sender) {
                Self.staged(fixture) == [7]
            }
            #expect(Self.staged(fixture) == [7], "the first seven bytes are held")
            var status = 409
            // 409 while the server has not yet seen the cut.
            try await waitUntil("the server to see the cut") {
                status = try await client.withConnection(host: "127.0.0.1", port: port, fingerprint: nil) { http in
                    try await http.upload(target, file: source, size: UInt64(content.count)) { _ in }
                }.0
                return status != 409
            }
            #expect(status == 200)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.host.inbox + "/a.txt")) == Data(content))
    }
}
