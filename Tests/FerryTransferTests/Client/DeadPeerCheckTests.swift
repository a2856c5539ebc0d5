import Testing
@testable import FerryTransfer

/// The dead-peer verdict from TCP_INFO samples (taken every interval): a peer that answers is
/// never given up however long its window stays shut; one that owes answers and sent no ACK for
/// the limit is.
@Suite struct DeadPeerCheckTests {
    typealias Sample = DeadPeerCheck.Sample

    @Test func dataUnacknowledgedForTheLimitMeansGone() {
        var check = DeadPeerCheck(limitSeconds: 30)
        let verdicts = [0, 10_000, 20_000, 29_999, 30_000].map { check.gone(after: Sample(unacked: 12, probes: 0, sinceLastAck: UInt32($0))) }
        #expect(verdicts == [false, false, false, false, true])
    }

    @Test func anAnsweredZeroWindowIsNeverGone() {
        var check = DeadPeerCheck(limitSeconds: 30)
        // Window probes back off to two minutes apart; each is answered within a round trip, so a
        // sample may catch one in flight, but never two samples in a row.
        var verdicts: [Bool] = []
        for second in stride(from: 0, to: 600, by: 2) {
            let inFlight = second % 120 == 0
            verdicts.append(check.gone(after: Sample(unacked: 0, probes: inFlight ? 1 : 0, sinceLastAck: UInt32((second % 120) * 1000 + 119_000))))
        }
        #expect(!verdicts.contains(true))
    }

    @Test func unansweredProbesForTheLimitMeanGone() {
        var check = DeadPeerCheck(limitSeconds: 30)
        let first = check.gone(after: Sample(unacked: 0, probes: 1, sinceLastAck: 31_000))
        let second = check.gone(after: Sample(unacked: 0, probes: 2, sinceLastAck: 33_000))
        #expect(!first && second)
    }

    @Test func anIdleConnectionIsNotGone() {
        var check = DeadPeerCheck(limitSeconds: 30)
        let first = check.gone(after: Sample(unacked: 0, probes: 0, sinceLastAck: 600_000))
        let second = check.gone(after: Sample(unacked: 0, probes: 0, sinceLastAck: 602_000))
        #expect(!first && !second)
    }
}
