import Foundation
import Testing
import FerryTestSupport

/// An offer nobody answers expires, and the sender is told so with the time (issue 29: it ended
/// "declined: nobody answered the offer in time" after an undocumented 120 s).
@Suite(.offThePool, .serialized) struct OfferExpiryEndToEndTests {
    typealias Pair = SendEndToEndTests.Pair

    @Test func anUnansweredOfferExpiresAndTheSenderIsToldAfterHowLong() throws {
        let pair = try Pair(receiverEnvironment: ["FERRY_OFFER_TIMEOUT": "1"])
        #expect(try pair.receiver.run("trust", "add", pair.senderFingerprint, "--name", "sender", "--ask").status == 0)
        let outcome = try pair.send(try pair.file("a.txt", "a"))
        #expect(outcome.status == 77)
        #expect(outcome.stderr == "ferry: 127.0.0.1:\(pair.port): the offer expired: nobody answered it within 1 s "
                + "(`ferry inbox pending` there lists an offer while it waits); send again when someone is there to accept it\n",
                "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("declined"))
    }
}
