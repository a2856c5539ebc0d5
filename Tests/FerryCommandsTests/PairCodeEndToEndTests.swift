import Foundation
import Testing
import FerryTestSupport

/// A wrong pairing code typed on the receiving side (issue 29): the asking side is told the code
/// did not match, not that the user declined, and a second `--accept` finds no such request.
@Suite(.offThePool, .serialized) struct PairCodeEndToEndTests {
    typealias Pair = SendEndToEndTests.Pair
    let pairing = PairEndToEndTests()

    @Test func aWrongCodeIsNotADeclineAndEndsTheRequest() throws {
        let pair = try Pair(names: ("Ferry B", "Ferry A"))
        let code = try PairEndToEndTests.referenceCode(pair.senderFingerprint, pair.receiverFingerprint)
        let wrong = String(format: "%06d", (Int(code)! + 1) % 1_000_000)
        let asking = pairing.ask(pair, "--yes")
        let request = try pairing.incoming(pair)
        let typo = try pair.receiver.run("pair", "--accept", request[0], "--code", wrong)
        #expect(typo.status == 77)
        let asked = try pairing.finished(asking)
        #expect(asked.status == 77)
        #expect(asked.stderr == "ferry: Ferry B did not pair: the code typed there did not match (a typo, or not this request); ask again with `ferry pair`; nothing was trusted\n")
        let again = try pair.receiver.run("pair", "--accept", request[0], "--code", code)
        #expect(again.status == 1)
        #expect(again.stderr.hasPrefix("ferry: no pair request \"\(request[0])\" is waiting: it ended ("), "\(again.stderr)")
        #expect(try pairing.trusted(pair.receiver).split(separator: "\n").count == 1)
    }
}
