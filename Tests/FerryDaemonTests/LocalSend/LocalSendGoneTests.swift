import FerryCore
import FerryLocalSend
import FerryTransfer
import Foundation
import Testing
@testable import FerryDaemon

/// What ferryd says when a LocalSend transfer is gone (issue 29): `ferry accept` of an offer
/// whose sender hung up says so, and `ferry send --cancel` of a send to a LocalSend device does
/// not promise a resume LocalSend does not have.
@Suite struct LocalSendGoneTests {
    static func hub() throws -> TransferHub {
        let folder = NSTemporaryDirectory() + "ferry-localsend-gone-\(UUID().uuidString)"
        return TransferHub(identity: try DeviceIdentity.loadOrCreate(directory: folder + "/identity"), receiver: nil,
                           receiving: ReceivingState(.off), trust: TrustStore(configHome: folder), senderName: "desk", peers: nil)
    }

    @Test(arguments: [true, false])
    func answeringAnOfferWhoseSenderHungUpSaysSo(accept: Bool) async throws {
        let gone = LocalSendGoneOffers()
        gone.add("0a1b", sender: "Pixel 8")
        let error = await #expect(throws: TransferError.self) {
            try await TransferRequests.answer(.init(offer: "0a1b"), accept: accept, try Self.hub(), gone: gone)
        }
        #expect(error?.message.contains("Pixel 8") == true && error?.message.contains("hung up") == true, "\(String(describing: error))")
        let other = await #expect(throws: TransferError.self) {
            try await TransferRequests.answer(.init(offer: "ffff"), accept: accept, try Self.hub(), gone: gone)
        }
        #expect(other?.message.contains("hung up") == false)
    }

    @Test(.timeLimit(.minutes(1))) func aCancelledLocalSendSendPromisesNoResume() async {
        let sends = RunningSends()
        let message = LocalSendSendRequest.cancelledMessage(offer: "abc123", device: "pyls-b")
        let (started, signal) = AsyncStream<Void>.makeStream()
        async let result = sends.run("abc123") {
            signal.yield()
            await LocalSendWebShare.untilCancelled()
            return TransferRequests.failure(message, code: .cancelled)
        }
        for await _ in started { break }
        #expect(sends.cancel("abc123"))
        let got = await result
        #expect(got.message == message)
        #expect(message.contains("starts over") && !message.contains("resume"))
    }
}
