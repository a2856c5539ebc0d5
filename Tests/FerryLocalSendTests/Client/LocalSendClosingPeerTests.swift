import Crypto
import Foundation
import NIOCore
import Testing
import FerryTestSupport
@testable import FerryLocalSend
@testable import FerryTransfer

/// A LocalSend receiver that closes the connection after every answer (Python's http.server,
/// HTTP/1.0: Support/http10_receiver.py). Before, the client assumed keep-alive, and the first
/// upload after a successful prepare-upload failed with "I/O on closed channel" (issue 31).
@Suite(.offThePool) struct LocalSendClosingPeerTests {
    /// What one send to the device did: each upload's status, and the session.
    struct Sent: Sendable { var statuses: [Int]; var session: String }

    /// Sends `files` (name, content) as `ferry send` does: prepare-upload, then each upload.
    static func send(_ files: [(String, [UInt8])], to receiver: HTTP10Receiver, from identity: DeviceIdentity,
                     scratch: String) async throws -> Sent {
        let request = LocalSendFixture.request(files)
        for (name, bytes) in files { try Data(bytes).write(to: URL(fileURLWithPath: scratch + "/" + name)) }
        return try await LocalSendClient(identity: identity).withConnection(host: "127.0.0.1", port: receiver.port,
                                                                           fingerprint: receiver.fingerprint) { http in
            guard case .session(let answer) = try await http.prepareUpload(request, pin: nil) else { throw LocalSendError(500, "no session") }
            var statuses: [Int] = []
            for (index, (name, bytes)) in files.enumerated() {
                let id = "id\(index)"
                statuses.append(try await http.upload(session: answer.sessionId, file: id, token: answer.files[id] ?? "",
                                                      path: scratch + "/" + name, size: UInt64(bytes.count)) { _ in })
            }
            return Sent(statuses: statuses, session: answer.sessionId)
        }
    }

    static func files() -> [(String, [UInt8])] {
        [("big.bin", (0..<12_000_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }),
         ("note.txt", Array("a note\n".utf8)), ("empty.txt", []), ("photo.jpg", (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })]
    }

    /// HTTP/1.0 without keep-alive (with lengths, and without: each answer ends at the close, with
    /// no TLS close_notify, as Python's ssl does), and HTTP/1.1 with `Connection: close`: each
    /// request on a connection of its own, every file byte-identical.
    @Test(arguments: [[], ["--no-length"], ["--http11", "--close"]])
    func aSendToAReceiverThatClosesAfterEachAnswerDeliversEveryFile(options: [String]) async throws {
        let folder = try TemporaryFolder()
        let receiver = try HTTP10Receiver(folder: folder.path + "/rx", options)
        defer { receiver.stop() }
        let identity = try DeviceIdentity.loadOrCreate(directory: folder.path + "/identity")
        let files = Self.files()
        let sent: Sent
        do { sent = try await Self.send(files, to: receiver, from: identity, scratch: folder.path) } catch {
            Issue.record("\(error); the receiver served \(receiver.requests)")
            return
        }
        #expect(sent.statuses == [200, 200, 200, 200])
        for (name, bytes) in files {
            #expect(receiver.received(name) == Data(bytes), "\(name) is not byte-identical")
        }
        let connections = receiver.requests.map(\.connection)
        #expect(connections.count == 5 && Set(connections).count == 5, "one connection per request: \(receiver.requests)")
    }

    /// The control: a receiver that keeps the connection open gets the whole send on one.
    @Test func aKeepAliveReceiverGetsTheWholeSendOnOneConnection() async throws {
        let folder = try TemporaryFolder()
        let receiver = try HTTP10Receiver(folder: folder.path + "/rx", ["--http11"])
        defer { receiver.stop() }
        let identity = try DeviceIdentity.loadOrCreate(directory: folder.path + "/identity")
        let files = Array(Self.files().dropFirst())
        _ = try await Self.send(files, to: receiver, from: identity, scratch: folder.path)
        #expect(Set(receiver.requests.map(\.connection)).count == 1, "\(receiver.requests)")
        for (name, bytes) in files { #expect(receiver.received(name) == Data(bytes)) }
    }

    /// A cancel after an answer that closed the connection reaches the device too.
    @Test func aCancelAfterAClosingAnswerGoesOnANewConnection() async throws {
        let folder = try TemporaryFolder()
        let receiver = try HTTP10Receiver(folder: folder.path + "/rx")
        defer { receiver.stop() }
        let identity = try DeviceIdentity.loadOrCreate(directory: folder.path + "/identity")
        let status = try await LocalSendClient(identity: identity).withConnection(host: "127.0.0.1", port: receiver.port,
                                                                                 fingerprint: receiver.fingerprint) { http in
            guard case .session(let answer) = try await http.prepareUpload(LocalSendFixture.request([("a.txt", [1])]), pin: nil) else { return 0 }
            return try await http.cancel(session: answer.sessionId)
        }
        #expect(status == 200)
        #expect(receiver.requests.map(\.request) == ["POST /api/localsend/v2/prepare-upload", "POST /api/localsend/v2/cancel"])
    }

    /// A connection that closes while an upload is under way fails that upload, once: it is not
    /// sent again (the device may have kept part of it).
    @Test func aReceiverThatClosesMidUploadFailsTheUploadWithoutARetry() async throws {
        let folder = try TemporaryFolder()
        let receiver = try HTTP10Receiver(folder: folder.path + "/rx", ["--cut-upload-after", "\(1 << 20)"])
        defer { receiver.stop() }
        let identity = try DeviceIdentity.loadOrCreate(directory: folder.path + "/identity")
        let files = [Self.files()[0]]
        let error = await #expect(throws: TransferError.self) {
            try await Self.send(files, to: receiver, from: identity, scratch: folder.path)
        }
        // One line naming the device (exit 74 in ferry send), not NIO's "uncleanShutdown".
        #expect(error?.code == .failed)
        #expect(error?.message.contains("closed the connection") == true, "\(String(describing: error))")
        let requests = receiver.requests.map(\.request)
        #expect(requests.filter { $0.hasPrefix("POST /api/localsend/v2/upload") }.count == 1, "\(requests)")
        #expect(requests.contains { $0.hasPrefix("CUT after ") }, "\(requests)")
        #expect(receiver.received("big.bin") == nil)
    }

    /// A device gone between two requests (nothing listens any more) fails the next request after
    /// one try at a new connection; no loop.
    @Test(.timeLimit(.minutes(1))) func aDeviceGoneBetweenRequestsFailsAfterOneReconnect() async throws {
        let folder = try TemporaryFolder()
        let receiver = try HTTP10Receiver(folder: folder.path + "/rx")
        let identity = try DeviceIdentity.loadOrCreate(directory: folder.path + "/identity")
        let error = await #expect(throws: TransferError.self) {
            try await LocalSendClient(identity: identity).withConnection(host: "127.0.0.1", port: receiver.port,
                                                                         fingerprint: receiver.fingerprint) { http in
                _ = try await http.prepareUpload(LocalSendFixture.request([("a.txt", [1])]), pin: nil)
                receiver.stop()
                return try await http.cancel(session: "x")
            }
        }
        #expect(receiver.requests.map(\.request) == ["POST /api/localsend/v2/prepare-upload"])
        #expect(error?.message == "127.0.0.1:\(receiver.port) refused the connection (LocalSend stopped there, or listens on another port)")
    }

    /// A new connection pins the certificate the first one saw: another device that took the
    /// address in between is refused.
    @Test func aReconnectRefusesAnotherCertificate() async throws {
        let folder = try TemporaryFolder()
        let first = try HTTP10Receiver(folder: folder.path + "/rx")
        let identity = try DeviceIdentity.loadOrCreate(directory: folder.path + "/identity")
        let port = first.port
        await #expect(throws: (any Error).self) {
            try await LocalSendClient(identity: identity).withConnection(host: "127.0.0.1", port: port, fingerprint: nil) { http in
                _ = try await http.request(.GET, LocalSendRoute.info.path)
                first.stop()
                let impostor = try HTTP10Receiver(folder: folder.path + "/other", ["--port", "\(port)"])
                defer { impostor.stop() }
                return try await http.request(.GET, LocalSendRoute.info.path)
            }
        }
    }
}
