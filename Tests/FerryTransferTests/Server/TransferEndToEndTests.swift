import Crypto
import Foundation
import Synchronization
import Testing
import FerryTestSupport
@testable import FerryTransfer

@Suite struct TransferEndToEndTests {
    @Test func trustedPeerDeliversIntoTheNamedAppsInboxReadOnly() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        let path = try loop.makeFile("photo.jpg", size: 3_000_000)
        let files = try LocalFile.collect([path])
        let outcome = try await loop.withServer { port in
            try await loop.client.send(files, app: "com.acme.viewer", to: loop.endpoint(port))
        }
        guard case .delivered(let receipt) = outcome else { Issue.record("not delivered: \(outcome)"); return }
        #expect(receipt.files.map(\.status) == ["delivered"])
        #expect(receipt.files.first?.app == "com.acme.viewer")
        let inboxFile = loop.host.inbox("com.acme.viewer") + "/photo.jpg"
        #expect(try Data(contentsOf: URL(fileURLWithPath: inboxFile)) == Data(contentsOf: URL(fileURLWithPath: path)))
        let mode = try FileManager.default.attributesOfItem(atPath: inboxFile)[.posixPermissions] as? Int
        #expect(mode == 0o444)
        #expect(loop.host.delivered.map(\.path) == [inboxFile])
        #expect(loop.host.delivered.first?.senderFingerprint == loop.senderIdentity.fingerprint)
        let staged = try FileManager.default.contentsOfDirectory(atPath: loop.scratch.path + "/receiver/staging")
        #expect(staged.isEmpty)
    }

    @Test func foldersKeepTheirTreeInsideTheInbox() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        _ = try loop.makeFile("album/2024/a.txt", size: 10)
        _ = try loop.makeFile("album/b.txt", size: 20, seed: 3)
        let files = try LocalFile.collect([loop.scratch.path + "/sender/album"])
        _ = try await loop.withServer { port in try await loop.client.send(files, to: loop.endpoint(port)) }
        let inbox = loop.host.inbox()
        #expect(FileManager.default.fileExists(atPath: inbox + "/album/2024/a.txt"))
        #expect(FileManager.default.fileExists(atPath: inbox + "/album/b.txt"))
    }

    @Test func aWrongCertificateIsRefusedBeforeAnythingIsSent() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        let files = try LocalFile.collect([try loop.makeFile("a.txt", size: 100)])
        let wrong = String(repeating: "ab", count: 32)
        let error = await loop.withServerCatching { port in
            try await loop.client.send(files, to: loop.endpoint(port, fingerprint: wrong))
        }
        #expect(error?.code == .wrongPeer)
        #expect(error?.message.contains(loop.receiverIdentity.fingerprint) == true)
        #expect(!FileManager.default.fileExists(atPath: loop.host.inbox()))
    }

    @Test func contactsOnlyRefusesAStranger() async throws {
        let loop = try Loopback()
        let files = try LocalFile.collect([try loop.makeFile("a.txt", size: 100)])
        let error = await loop.withServerCatching { port in try await loop.client.send(files, to: loop.endpoint(port)) }
        #expect(error?.code == .notAContact)
    }

    @Test func offRefusesEvenATrustedPeer() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        loop.host.setMode(.off)
        let files = try LocalFile.collect([try loop.makeFile("a.txt", size: 100)])
        let error = await loop.withServerCatching { port in try await loop.client.send(files, to: loop.endpoint(port)) }
        #expect(error?.code == .receivingOff)
        #expect(error?.message.contains("ferry receiving contacts") == true)
    }

    @Test(arguments: [true, false])
    func everyoneWaitsForTheUser(accept: Bool) async throws {
        let loop = try Loopback()
        loop.host.setMode(.everyone(until: Date() + 600))
        let files = try LocalFile.collect([try loop.makeFile("a.txt", size: 1000)])
        let outcome = try await loop.withServer { port in
            async let sending = loop.client.send(files, to: loop.endpoint(port))
            var pending: [PendingOffer] = []
            await waitUntil("the offer pending") {
                pending = await loop.receiver.pending()
                return !pending.isEmpty
            }
            let id = try #require(pending.first?.id)
            #expect(loop.host.waiting.map(\.id) == [id])
            let answered = accept ? await loop.receiver.accept(id) : await loop.receiver.decline(id)
            #expect(answered)
            return try await sending
        }
        if accept {
            guard case .delivered = outcome else { Issue.record("expected delivered, got \(outcome)"); return }
            #expect(FileManager.default.fileExists(atPath: loop.host.inbox() + "/a.txt"))
        } else {
            #expect(outcome == .declined("the receiver declined the offer"))
            #expect(!FileManager.default.fileExists(atPath: loop.host.inbox()))
        }
    }

    @Test func hostileNamesStayInsideTheInbox() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        let path = try loop.makeFile("x", size: 5)
        let digest = try LocalFile.digest(path)
        let names = ["../../.bashrc", "/etc/passwd", "a\u{202E}txt.exe", String(repeating: "n", count: 300) + ".txt", "a\0b", "..", "/etc/passwd"]
        let files = names.map { LocalFile(path: path, relativePath: $0, size: 5, sha256: digest) }
        let outcome = try await loop.withServer { port in try await loop.client.send(files, to: loop.endpoint(port)) }
        guard case .delivered(let receipt) = outcome else { Issue.record("not delivered: \(outcome)"); return }
        let stored = Set(try FileManager.default.subpathsOfDirectory(atPath: loop.host.inbox()))
        #expect(stored.contains("bashrc"))
        #expect(stored.contains("etc/passwd"))
        #expect(stored.contains("etc/passwd 2"))
        #expect(stored.contains("atxt.exe"))
        #expect(stored.contains("ab"))
        #expect(stored.contains("file"))
        #expect(receipt.files.allSatisfy { $0.status == "delivered" })
        #expect(stored.allSatisfy { $0.split(separator: "/").allSatisfy { $0.utf8.count <= 255 } })
        #expect(!FileManager.default.fileExists(atPath: loop.scratch.path + "/.bashrc"))
    }

    @Test func anInterruptedUploadResumesFromTheKeptBytes() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        let path = try loop.makeFile("big.bin", size: 2_000_000)
        let files = try LocalFile.collect([path])
        let offered = OfferedFile(id: "f0", path: "big.bin", size: files[0].size, sha256: files[0].sha256)
        // The first attempt stops after 1,200,000 bytes, as a killed sender would.
        let first = try await loop.receiver.offer(TransferOffer(sender: "sender", files: [offered]), from: loop.senderIdentity.fingerprint)
        let staged = try await loop.receiver.beginUpload(offer: first.offer, file: "f0", offset: 0, peer: loop.senderIdentity.fingerprint)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let head = Array(bytes.prefix(1_200_000))
        try head.withUnsafeBytes { raw in try staged.append(raw) }
        await #expect(throws: TransferError.self) {
            try await loop.receiver.endUpload(offer: first.offer, file: "f0", staged: staged, complete: false)
        }
        let events = EventLog()
        let outcome = try await loop.withServer { port in
            try await loop.client.send(files, to: loop.endpoint(port)) { events.append($0) }
        }
        guard case .delivered = outcome else { Issue.record("not delivered: \(outcome)"); return }
        #expect(events.all.contains(.accepted(totalBytes: 2_000_000, resumedBytes: 1_200_000)))
        var sent: [UInt64] = []
        for case .progress(_, let fileSent, _, _, _) in events.all { sent.append(fileSent) }
        #expect(sent.first.map { $0 > 1_200_000 } == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: loop.host.inbox() + "/big.bin")) == bytes)
    }
}

/// Events collected from a send's callback.
final class EventLog: Sendable {
    private let events = Mutex<[TransferEvent]>([])
    func append(_ event: TransferEvent) { events.withLock { $0.append(event) } }
    var all: [TransferEvent] { events.withLock { $0 } }
}

extension Loopback {
    /// Runs `body` while the server listens and returns the TransferError it throws, if any.
    func withServerCatching(_ body: @Sendable @escaping (Int) async throws -> SendOutcome) async -> TransferError? {
        do {
            _ = try await withServer(body)
            return nil
        } catch let error as TransferError {
            return error
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }
}
