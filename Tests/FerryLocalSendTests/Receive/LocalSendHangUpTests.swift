import FerryTestSupport
import Foundation
import NIOCore
import Testing
@testable import FerryLocalSend
@testable import FerryTransfer

/// What a LocalSend sender leaves when it goes away (issue 29): LocalSend has no resume, so a
/// cancelled session's staged bytes are deleted at once, and an offer whose sender hung up while
/// it waited for the user is withdrawn, and remembered for `ferry accept` to say so.
@Suite struct LocalSendHangUpTests {
    @Test func aCancelledSessionLeavesNoStagedBytes() async throws {
        let fixture = try LocalSendFixture()
        fixture.host.trust(LocalSendFixture.phone)
        let hello = Array("hello, world".utf8), notes = Array(repeating: UInt8(ascii: "n"), count: 5000)
        let response = try #require(try await fixture.sessions.prepare(LocalSendFixture.request([("a.txt", hello), ("b.txt", notes)]),
                                                                       peer: LocalSendFixture.phone))
        try await fixture.upload(response, "id0", hello)
        let upload = try await fixture.sessions.beginUpload(session: response.sessionId, file: "id1", token: response.files["id1"] ?? "")
        try await upload.append(ByteBuffer(bytes: notes.prefix(3)))
        await #expect(throws: LocalSendError.self) { try await fixture.sessions.endUpload(upload, complete: false) }
        #expect(LocalSendResumeOverHTTPSTests.staged(fixture).contains(3), "the cut file's bytes are staged: \(LocalSendResumeOverHTTPSTests.staged(fixture))")
        await fixture.sessions.cancel(session: response.sessionId)
        #expect(LocalSendResumeOverHTTPSTests.staged(fixture).isEmpty, "LocalSend cannot resume: nothing kept for a day")
        #expect(fixture.inboxFiles().isEmpty)
    }

    @Test(.timeLimit(.minutes(1))) func anOfferWhoseSenderHungUpIsWithdrawnAndRemembered() async throws {
        var limits = LocalSendFixture.quick
        limits.decisionSeconds = 120
        let fixture = try LocalSendFixture(limits: limits)
        fixture.host.setMode(.everyone(until: Date() + 600))
        try await LocalSendServerTests.withServer(fixture) { _, port, sender in
            let request = PrepareUploadRequest(info: LocalSendServerTests.info(sender),
                                               files: LocalSendFixture.request([("a.txt", Array("a".utf8))]).files)
            let body = LocalSendJSON.encode(request)
            // The whole prepare-upload, then the connection closed once it waits for the user.
            try await SourcedRequest.cut("/api/localsend/v2/prepare-upload", length: body.count, after: body, port: port, identity: sender) {
                !fixture.host.waiting.isEmpty
            }
            await waitUntil("the offer withdrawn") { await fixture.receiver.pending().isEmpty }
        }
        let offer = try #require(fixture.host.waiting.first?.id)
        let message = try #require(fixture.sessions.gone.message(for: offer))
        #expect(message.contains("Phone") && message.contains("hung up"))
        #expect(fixture.sessions.gone.message(for: "another") == nil)
    }
}
