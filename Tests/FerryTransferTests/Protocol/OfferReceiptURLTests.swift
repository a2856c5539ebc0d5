import FerryCore
import Foundation
import Testing
@testable import FerryTransfer

/// A receipt tells the sender why the receiver could not open the offered URL (issue 29).
@Suite struct OfferReceiptURLTests {
    @Test func theURLsFailureTravelsInBothCodecs() throws {
        let receipt = OfferReceipt(offer: "3f9c2a", files: [], url: "failed",
                                   urlError: "no app handles \"todolist\" URLs; install one", urlFailure: "no-handler")
        let ours = receipt.json()
        #expect(try OfferReceipt(json: ours) == receipt)
        #expect(try JSONDecoder().decode(OfferReceipt.self, from: Data(ours)) == receipt)
        #expect(try OfferReceipt(json: JSONEncoder().encode(receipt)) == receipt)
        #expect(String(decoding: ours, as: UTF8.self).contains("\"urlFailure\":\"no-handler\""))
    }

    /// An older receiver's receipt has neither key: it still reads.
    @Test func aReceiptWithoutTheKeysStillReads() throws {
        let receipt = try OfferReceipt(json: Array(#"{"offer":"o","files":[],"url":"failed"}"#.utf8))
        #expect(receipt.url == "failed")
        #expect(receipt.urlError == nil)
    }

    /// A host that only says yes or no gets a generic reason.
    @Test func aHostWithoutReasonsFailsGenerically() async {
        let host = NoReasons()
        #expect(await host.openURLFailure("x://y", sender: "s") == .appFailed("the receiver could not open x://y"))
    }

    struct NoReasons: ReceiverHost {
        func trustedPeer(fingerprint: String) async -> TrustedPeer? { nil }
        func receivingMode() async -> ReceivingMode { .off }
        func target(for file: OfferedFile, preferredApp: String?) async -> InboxTarget { .init(app: "a", container: "/", open: false) }
        func delivered(_ file: DeliveredFile) async {}
        func openURL(_ url: String, sender: String) async -> Bool { false }
        func offerWaiting(_ offer: PendingOffer) async {}
    }
}
