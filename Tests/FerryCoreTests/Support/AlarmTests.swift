import FerryCore
import Testing

@Suite struct AlarmTests {
    /// The wait's duration, cancelling it after `cutOff` so a lost wake fails rather than hangs.
    static func timed(_ alarm: Alarm, limit: Duration, cutOff: Duration = .seconds(30)) async -> Duration {
        let clock = ContinuousClock()
        let wait = Task {
            let start = clock.now
            await alarm.wait(upTo: limit)
            return clock.now - start
        }
        let guardian = Task {
            try await Task.sleep(for: cutOff)
            wait.cancel()
        }
        defer { guardian.cancel() }
        return await wait.value
    }

    @Test func aRingWithNobodyWaitingIsKeptForTheNextWait() async {
        let alarm = Alarm()
        alarm.ring()
        #expect(await Self.timed(alarm, limit: .seconds(3600)) < .seconds(30))
        // Only once: the wait after it sleeps its limit.
        #expect(await Self.timed(alarm, limit: .milliseconds(200)) >= .milliseconds(200))
    }

    @Test func aParkedWaitIsWokenByARing() async throws {
        let alarm = Alarm()
        let ringer = Task {
            try await Task.sleep(for: .milliseconds(100))
            alarm.ring()
        }
        #expect(await Self.timed(alarm, limit: .seconds(3600)) < .seconds(30))
        try await ringer.value
    }

    @Test func aWaitEndsAtItsLimit() async {
        let waited = await Self.timed(Alarm(), limit: .milliseconds(100))
        #expect(waited >= .milliseconds(100) && waited < .seconds(30))
    }

    @Test func cancellingTheWaitEndsIt() async {
        #expect(await Self.timed(Alarm(), limit: .seconds(3600), cutOff: .milliseconds(100)) < .seconds(30))
    }

    @Test func ringsRacingWaitsAreNeverLost() async {
        // Each round rings from another task while this one waits with no time limit to speak of:
        // a lost ring would leave that round parked until the cut-off. Judged round by round, so a
        // loaded machine's slower rounds do not add up to a failure.
        let alarm = Alarm()
        var slowest = Duration.zero
        for _ in 0..<200 {
            let ringer = Task { alarm.ring() }
            slowest = max(slowest, await Self.timed(alarm, limit: .seconds(3600), cutOff: .seconds(20)))
            await ringer.value
        }
        #expect(slowest < .seconds(20))
    }
}
