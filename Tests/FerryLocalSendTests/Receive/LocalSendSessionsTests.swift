import Foundation
import NIOCore
import Testing
import FerryTestSupport
@testable import FerryLocalSend
@testable import FerryTransfer

/// A prepare-upload is a Ferry offer: the same modes, trust and pending offers; uploads only with
/// the session's tokens, each once; nothing lands outside staging until the last file is in.
@Suite struct LocalSendSessionsTests {
    let photo = Array("photo bytes".utf8)
    let notes = Array(repeating: UInt8(ascii: "n"), count: 70_000)

    @Test func aTrustedPhonesFilesLandInTheFilesInboxReadOnly() async throws {
        let fixture = try LocalSendFixture()
        fixture.host.trust(LocalSendFixture.phone)
        let response = try #require(try await fixture.sessions.prepare(LocalSendFixture.request([("photo.jpg", photo), ("notes.txt", notes)]),
                                                                       peer: LocalSendFixture.phone))
        #expect(response.files.count == 2)
        try await fixture.upload(response, "id0", photo)
        #expect(fixture.inboxFiles().isEmpty, "nothing is visible before the last file is in")
        try await fixture.upload(response, "id1", notes)
        #expect(fixture.inboxFiles() == ["notes.txt", "photo.jpg"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.host.inbox + "/photo.jpg")) == Data(photo))
        let mode = try FileManager.default.attributesOfItem(atPath: fixture.host.inbox + "/notes.txt")[.posixPermissions] as? Int
        #expect(mode.map { $0 & 0o222 } == 0, "delivered read-only")
        #expect(fixture.host.delivered.count == 2)
        #expect(await fixture.sessions.openSessions == 0)
    }

    @Test func receivingOffRefusesWith403() async throws {
        let fixture = try LocalSendFixture()
        fixture.host.trust(LocalSendFixture.phone)
        fixture.host.setMode(.off)
        let error = await #expect(throws: LocalSendError.self) {
            try await fixture.sessions.prepare(LocalSendFixture.request([("a.txt", photo)]), peer: LocalSendFixture.phone)
        }
        #expect(error?.status == 403)
    }

    @Test func contactsModeRefusesAStrangerAndATrustAddLetsItIn() async throws {
        let fixture = try LocalSendFixture()
        let request = LocalSendFixture.request([("a.txt", photo)])
        let error = await #expect(throws: LocalSendError.self) { try await fixture.sessions.prepare(request, peer: LocalSendFixture.phone) }
        #expect(error?.status == 403)
        #expect(error?.message.contains("ferry trust add") == true)
        fixture.host.trust(LocalSendFixture.phone)
        #expect(try await fixture.sessions.prepare(request, peer: LocalSendFixture.phone) != nil)
    }

    @Test func everyoneModeLeavesAStrangersOfferPendingAndAnAcceptLetsItIn() async throws {
        let fixture = try LocalSendFixture()
        fixture.host.setMode(.everyone(until: Date() + 600))
        let sessions = fixture.sessions
        let prepared = Task { try await sessions.prepare(LocalSendFixture.request([("a.txt", Array("a".utf8))]), peer: LocalSendFixture.phone) }
        var waiting: [PendingOffer] = []
        await waitUntil("the stranger's offer pending") {
            waiting = await fixture.receiver.pending()
            return !waiting.isEmpty
        }
        let offer = try #require(waiting.first)
        #expect(await fixture.receiver.accept(offer.id))
        let response = try #require(try await prepared.value)
        try await fixture.upload(response, "id0", Array("a".utf8))
        #expect(fixture.inboxFiles() == ["a.txt"])
    }

    @Test func aPendingOfferNobodyAnswersIsDeclinedAfterTheDecisionTime() async throws {
        let fixture = try LocalSendFixture()
        fixture.host.setMode(.everyone(until: Date() + 600))
        let error = await #expect(throws: LocalSendError.self) {
            try await fixture.sessions.prepare(LocalSendFixture.request([("a.txt", photo)]), peer: LocalSendFixture.phone)
        }
        #expect(error?.status == 403)
        #expect(error?.message.contains("nobody answered") == true)
        #expect(fixture.host.waiting.count == 1, "it was shown as pending first")
        #expect(await fixture.receiver.pending().isEmpty, "the offer is withdrawn")
    }

    @Test func aWrongSessionOrTokenIsRefusedAndNothingIsWritten() async throws {
        let fixture = try LocalSendFixture()
        fixture.host.trust(LocalSendFixture.phone)
        let response = try #require(try await fixture.sessions.prepare(LocalSendFixture.request([("a.txt", photo)]), peer: LocalSendFixture.phone))
        let wrongSession = PrepareUploadResponse(sessionId: "nope", files: response.files)
        await #expect(throws: LocalSendError(403, "no upload session \"nope\"; it ended, was cancelled or never began (prepare-upload first)")) {
            try await fixture.upload(wrongSession, "id0", photo)
        }
        let badToken = await #expect(throws: LocalSendError.self) { try await fixture.upload(response, "id0", photo, token: "0000") }
        #expect(badToken?.status == 403)
        let unknownFile = await #expect(throws: LocalSendError.self) { try await fixture.upload(response, "id9", photo, token: "x") }
        #expect(unknownFile?.status == 403)
        #expect(fixture.inboxFiles().isEmpty)
        #expect(fixture.filesOutsideStagingAndInbox().isEmpty)
    }

    @Test func theSameFileTwiceIsRefusedWith409() async throws {
        let fixture = try LocalSendFixture()
        fixture.host.trust(LocalSendFixture.phone)
        let response = try #require(try await fixture.sessions.prepare(LocalSendFixture.request([("a.txt", photo), ("b.txt", notes)]),
                                                                       peer: LocalSendFixture.phone))
        try await fixture.upload(response, "id0", photo)
        let again = await #expect(throws: LocalSendError.self) { try await fixture.upload(response, "id0", photo) }
        #expect(again?.status == 409)
        // While one upload runs, a second of the same file is refused too.
        let first = try await fixture.sessions.beginUpload(session: response.sessionId, file: "id1", token: response.files["id1"]!)
        let parallel = await #expect(throws: LocalSendError.self) {
            try await fixture.sessions.beginUpload(session: response.sessionId, file: "id1", token: response.files["id1"]!)
        }
        #expect(parallel?.status == 409)
        try await first.append(ByteBuffer(bytes: notes))
        try await fixture.sessions.endUpload(first, complete: true)
        #expect(fixture.inboxFiles() == ["a.txt", "b.txt"])
    }

    @Test func filesInAnyOrderAllLand() async throws {
        let fixture = try LocalSendFixture()
        fixture.host.trust(LocalSendFixture.phone)
        let files = (0..<5).map { ("f\($0).bin", Array(repeating: UInt8($0), count: 100 + $0)) }
        let response = try #require(try await fixture.sessions.prepare(LocalSendFixture.request(files), peer: LocalSendFixture.phone))
        for index in [3, 0, 4, 2, 1] { try await fixture.upload(response, "id\(index)", files[index].1) }
        #expect(fixture.inboxFiles() == files.map(\.0))
    }

    @Test func bytesThatDoNotMatchTheGivenSha256AreRefusedAndNotDelivered() async throws {
        let fixture = try LocalSendFixture()
        fixture.host.trust(LocalSendFixture.phone)
        let response = try #require(try await fixture.sessions.prepare(LocalSendFixture.request([("a.txt", photo)]), peer: LocalSendFixture.phone))
        var tampered = photo
        tampered[0] ^= 1
        let error = await #expect(throws: LocalSendError.self) { try await fixture.upload(response, "id0", tampered) }
        #expect(error?.status == 422)
        #expect(fixture.inboxFiles().isEmpty)
    }

    @Test func aShortBodyIsRefusedAndNotDelivered() async throws {
        let fixture = try LocalSendFixture()
        fixture.host.trust(LocalSendFixture.phone)
        let response = try #require(try await fixture.sessions.prepare(LocalSendFixture.request([("a.txt", notes)], hashed: false),
                                                                       peer: LocalSendFixture.phone))
        let upload = try await fixture.sessions.beginUpload(session: response.sessionId, file: "id0", token: response.files["id0"]!)
        try await upload.append(ByteBuffer(bytes: notes.prefix(100)))
        await #expect(throws: LocalSendError.self) { try await fixture.sessions.endUpload(upload, complete: true) }
        #expect(fixture.inboxFiles().isEmpty)
    }

    @Test(arguments: ["../../../etc/passwd", "/abs/evil.txt", "a/../../b.txt", "..", "con\u{0}trol.txt", "dir/./x.txt"])
    func hostileNamesStayInsideTheInbox(_ name: String) async throws {
        let fixture = try LocalSendFixture()
        fixture.host.trust(LocalSendFixture.phone)
        do {
            let response = try #require(try await fixture.sessions.prepare(LocalSendFixture.request([(name, photo)]), peer: LocalSendFixture.phone))
            try await fixture.upload(response, "id0", photo)
            #expect(fixture.inboxFiles().count == 1)
        } catch let error as LocalSendError {
            #expect(error.status == 400, "a name may be refused outright, as a bad request")
        }
        #expect(fixture.filesOutsideStagingAndInbox().isEmpty, "nothing outside staging and the Inbox")
    }

    @Test func cancelMidwayLeavesNothingVisibleAndEndsTheSession() async throws {
        let fixture = try LocalSendFixture()
        fixture.host.trust(LocalSendFixture.phone)
        let response = try #require(try await fixture.sessions.prepare(LocalSendFixture.request([("a.txt", photo), ("b.txt", notes)]),
                                                                       peer: LocalSendFixture.phone))
        try await fixture.upload(response, "id0", photo)
        await fixture.sessions.cancel(session: response.sessionId)
        let late = await #expect(throws: LocalSendError.self) { try await fixture.upload(response, "id1", notes) }
        #expect(late?.status == 403)
        #expect(fixture.inboxFiles().isEmpty)
        #expect(await fixture.sessions.openSessions == 0)
    }

    @Test func aURLSharedAsTextIsOpenedWithNothingToUpload() async throws {
        let fixture = try LocalSendFixture()
        fixture.host.trust(LocalSendFixture.phone)
        let text = "https://example.org/a?b=c"
        let file = LocalSendFile(id: "t", fileName: "message.txt", size: UInt64(text.utf8.count), fileType: "text/plain", preview: text)
        let response = try await fixture.sessions.prepare(PrepareUploadRequest(info: LocalSendFixture.info, files: ["t": file]),
                                                          peer: LocalSendFixture.phone)
        #expect(response == nil, "204: nothing to upload")
        #expect(fixture.host.urls == [text])
    }

    @Test func aTextSharedAsAMessageLandsAsAFileWithNothingToUpload() async throws {
        let fixture = try LocalSendFixture()
        fixture.host.trust(LocalSendFixture.phone)
        let text = "Buy milk,\nand bread."
        let file = LocalSendFile(id: "t", fileName: "note.txt", size: UInt64(text.utf8.count), fileType: "text/plain", preview: text)
        let response = try await fixture.sessions.prepare(PrepareUploadRequest(info: LocalSendFixture.info, files: ["t": file]),
                                                          peer: LocalSendFixture.phone)
        #expect(response == nil, "204: nothing to upload")
        #expect(try String(contentsOfFile: fixture.host.inbox + "/note.txt", encoding: .utf8) == text)
        #expect(fixture.host.urls.isEmpty)
    }

    @Test func aTextWhoseHashDoesNotMatchIsRefusedAndNotDelivered() async throws {
        let fixture = try LocalSendFixture()
        fixture.host.trust(LocalSendFixture.phone)
        let text = "hello"
        let file = LocalSendFile(id: "t", fileName: "note.txt", size: 5, fileType: "text/plain", sha256: String(repeating: "0", count: 64), preview: text)
        let error = await #expect(throws: LocalSendError.self) {
            try await fixture.sessions.prepare(PrepareUploadRequest(info: LocalSendFixture.info, files: ["t": file]), peer: LocalSendFixture.phone)
        }
        #expect(error?.status == 422)
        #expect(fixture.inboxFiles().isEmpty)
    }

    @Test func aPinIsRequiredAndWrongOnesAreCountedPerAddress() async throws {
        let fixture = try LocalSendFixture(pin: "4711")
        let sessions = fixture.sessions
        await #expect(throws: LocalSendError.self) { try await sessions.checkPin(nil, address: "10.0.0.2") }
        for _ in 0..<3 {
            let wrong = await #expect(throws: LocalSendError.self) { try await sessions.checkPin("1234", address: "10.0.0.2") }
            #expect(wrong?.status == 401)
        }
        let locked = await #expect(throws: LocalSendError.self) { try await sessions.checkPin("4711", address: "10.0.0.2") }
        #expect(locked?.status == 429, "even the right PIN waits after three wrong ones")
        try await sessions.checkPin("4711", address: "10.0.0.3")
    }
}

