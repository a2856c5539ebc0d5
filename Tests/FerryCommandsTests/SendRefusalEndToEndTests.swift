import Foundation
import Testing
import FerryTestSupport

/// Refusals a sender can act on (issue 29): who must trust whom, and how much space is missing.
@Suite(.offThePool, .serialized) struct SendRefusalEndToEndTests {
    typealias Pair = SendEndToEndTests.Pair

    @Test func anUntrustedSenderIsToldWhatTheReceiverMustRun() throws {
        let pair = try Pair(names: ("desk", "my laptop"))
        let outcome = try pair.send(try pair.file("a.txt", "a"))
        #expect(outcome.status == 77)
        let receiver = "127.0.0.1:\(pair.port)"
        #expect(outcome.stderr == "ferry: \(receiver) only receives from trusted peers, and does not trust this device yet: on \(receiver), run "
                + "`ferry trust add \(pair.senderFingerprint) --name 'my laptop'` (or `ferry receiving everyone` there, for 10 minutes), then send again\n",
                "\(outcome.stderr)")
    }

    @Test func aFullDiskIsCannotWriteInUnitsWithTheSettingNamed() throws {
        // A reserve larger than any disk: every offer finds too little space.
        let pair = try Pair(receiverEnvironment: ["FERRY_TRANSFER_RESERVE": String(1 << 60)])
        try pair.trustSender()
        let outcome = try pair.send(try pair.file("a.txt", String(repeating: "a", count: 2048)))
        #expect(outcome.status == 73, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("the offer needs 2.0 KiB; this device has "), "\(outcome.stderr)")
        #expect(outcome.stderr.contains(" free and keeps 1.0 EiB in reserve (its FERRY_TRANSFER_RESERVE); free some space there, or send less"),
                "\(outcome.stderr)")
    }
}
