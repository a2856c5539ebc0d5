import FerryCore
import FerryTransfer
import Foundation
import Synchronization
import Testing
@testable import FerryDaemon

/// The transfer handlers on their typed payloads, against a real hub in a temporary folder: no
/// sockets, no processes.
@Suite struct TransferRequestsTests {
    private static func hub() throws -> TransferHub {
        let folder = NSTemporaryDirectory() + "ferry-requests-\(UUID().uuidString)"
        let identity = try DeviceIdentity.loadOrCreate(directory: folder + "/identity")
        return TransferHub(identity: identity, receiver: nil, receiving: ReceivingState(.off),
                           trust: TrustStore(configHome: folder), senderName: "desk", peers: nil)
    }

    /// Every reply `request` gets, in order.
    private static func replies(_ request: TransferRequest, hub: TransferHub?) async -> [DaemonReply] {
        let slot = TransferSlot()
        if let hub { slot.fill(hub) } else { slot.markUnavailable() }
        let got = Mutex<[DaemonReply]>([])
        await TransferRequests.serve(request, transfers: slot) { reply in got.withLock { $0.append(reply) } }
        return got.withLock { $0 }
    }

    private static func result(_ request: TransferRequest, hub: TransferHub?) async throws -> DaemonReply.Result {
        let replies = await replies(request, hub: hub)
        guard case .result(let result)? = replies.last, replies.count == 1 else {
            Issue.record("expected one result, got \(replies)")
            throw CancellationError()
        }
        return result
    }

    @Test func withoutTransfersEveryRequestFailsWithExit74() async throws {
        let result = try await Self.result(.trust(.init(action: .list)), hub: nil)
        #expect(result == .failed("file transfers are not running in ferryd (see its log)", failure: .transferFailed))
    }

    @Test func trustAddListsAndRevokes() async throws {
        let hub = try Self.hub()
        let fingerprint = String(repeating: "ab", count: 32)
        let add = ClientRequest.Trust(action: .add, fingerprint: fingerprint.uppercased(), peer: "laptop", autoAccept: false)
        #expect(try await Self.result(.trust(add), hub: hub).outcome == .trusted)
        let list = try await Self.result(.trust(.init(action: .list)), hub: hub)
        #expect(list.trusted == [.init(fingerprint: fingerprint, name: "laptop", autoAccept: false)])
        let revoked = try await Self.result(.trust(.init(action: .revoke, peer: "laptop")), hub: hub)
        #expect(revoked.outcome == .revoked)
        #expect(revoked.trusted == [.init(fingerprint: fingerprint, name: "laptop")])
    }

    @Test func trustSelfNamesThisDevice() async throws {
        let hub = try Self.hub()
        let own = try await Self.result(.trust(.init(action: .`self`)), hub: hub)
        #expect(own.fingerprint == hub.identity.fingerprint)
        #expect(own.peer == "desk")
    }

    @Test(arguments: [
        (ClientRequest.Trust(action: .add, fingerprint: "abc"), "a fingerprint is 64 hex digits (the receiver's `ferry trust self` prints it)",
         DaemonReply.Failure.transferFailed),
        (ClientRequest.Trust(action: .revoke, peer: "nobody"), "no trusted peer is named or starts with \"nobody\"; see ferry trust", .notFound),
    ])
    func badTrustRequestsFailNamingTheFault(_ trust: ClientRequest.Trust, _ message: String, _ failure: DaemonReply.Failure) async throws {
        #expect(try await Self.result(.trust(trust), hub: try Self.hub()) == .failed(message, failure: failure))
    }

    @Test func receivingSetsAndReportsTheMode() async throws {
        let hub = try Self.hub()
        let set = try await Self.result(.receiving(.init(mode: .contacts)), hub: hub)
        #expect(set.outcome == .contacts)
        #expect(set.mode == .contacts)
        #expect(try await Self.result(.receiving(.init()), hub: hub).mode == .contacts)
    }

    @Test func answersToUnknownOffersAndSendsAreNotFound() async throws {
        let hub = try Self.hub()
        let accept = try await Self.result(.accept(.init(offer: "o9")), hub: hub)
        #expect(accept.message == "no offer \"o9\" is waiting; see ferry inbox pending")
        #expect(accept.failure == .notFound)
        let cancel = try await Self.result(.cancel(.init(offer: "s1")), hub: hub)
        #expect(cancel.outcome == .failed)
        #expect(cancel.failure == .notFound)
        #expect(try await Self.result(.pending, hub: hub).offers == [])
    }

    @Test func aSendToAnUnknownPeerFailsWithoutProgress() async throws {
        let send = ClientRequest.Send(files: ["/nonexistent"], host: "127.0.0.1", port: 1)
        let result = try await Self.result(.send(send), hub: try Self.hub())
        #expect(result.failure == .transferFailed)
        #expect(result.message?.hasPrefix("no fingerprint for 127.0.0.1:1") == true)
    }

    @Test func sendProgressIsTypedPerEvent() {
        let step = SendRequest.progress(.progress(file: "a", fileSent: 1, fileSize: 2, totalSent: 3, totalBytes: 4))
        var expected = DaemonReply.Progress(event: .progress)
        (expected.file, expected.fileBytes, expected.fileTotal, expected.bytes, expected.total) = ("a", 1, 2, 3, 4)
        #expect(step == expected)
        #expect(SendRequest.progress(.filesDone(["a", "b"])).files == ["a", "b"])
        #expect(SendRequest.progress(.waiting) == DaemonReply.Progress(event: .waiting))
    }
}
