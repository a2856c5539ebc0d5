import FoundationEssentials
import Logging
import Testing
@testable import FerryDiscovery

/// Discovery's checks run when they are due, not on a quarter-second ticker: an idle ferryd sleeps.
@Suite struct DiscoveryClockTests {
    let discovery = Discovery(name: "Desk", port: 7417, advertisement: PeerAdvertisement(mode: "contacts"), enabled: true,
                              manualPeersFile: "/nonexistent/ferry-test/manual-peers", logger: Logger(label: "test"))

    @Test func nothingIsDueWithoutPeers() async {
        #expect(await discovery.nextTick == nil)
    }

    @Test func aFoundPeerIsDueAtOnceAndItsNextCheckAfterTheInterval() async throws {
        await discovery.handle(.found(PeerTableTests.service("B")))
        #expect(try #require(await discovery.nextTick) == .zero)
        let (checks, _, _) = await discovery.tick()
        #expect(checks.map(\.name) == ["B"])
        // While the check runs nothing is due; its answer schedules the next one.
        #expect(await discovery.nextTick == nil)
        await discovery.checked(checks[0], reachable: true)
        let next = try #require(await discovery.nextTick)
        let interval = await discovery.policy.interval
        #expect(next > .zero && next <= .seconds(interval + 1))
    }

    @Test func aParkedClockWakesWhenAPeerAppears() async throws {
        let discovery = self.discovery
        let clock = ContinuousClock()
        let woke = Task {
            let started = clock.now
            await discovery.waitForTick(minimum: .milliseconds(10))
            return clock.now - started
        }
        try await Task.sleep(for: .milliseconds(50))  // time to park: nothing shows a parked clock
        await discovery.handle(.found(PeerTableTests.service("B")))
        // Without the wake it would sleep its hour-long backstop: cut short at 30 s, and failed.
        #expect(await Self.cancelled(woke, after: .seconds(30)) < .seconds(30))
    }

    @Test func aBurstOfEventsCostsAtMostOneTickPerMinimum() async throws {
        let discovery = self.discovery
        let clock = ContinuousClock()
        let woke = Task {
            let started = clock.now
            await discovery.waitForTick(minimum: .milliseconds(300))
            return clock.now - started
        }
        try await Task.sleep(for: .milliseconds(50))  // time to park: nothing shows a parked clock
        await discovery.handle(.found(PeerTableTests.service("B")))
        let waited = await Self.cancelled(woke, after: .seconds(30))
        #expect(waited >= .milliseconds(300) && waited < .seconds(30))
    }

    /// The task's result, cancelling it after `limit` so a missing wake fails rather than hangs.
    static func cancelled<T: Sendable>(_ task: Task<T, Never>, after limit: Duration) async -> T {
        let timer = Task {
            try await Task.sleep(for: limit)
            task.cancel()
        }
        defer { timer.cancel() }
        return await task.value
    }
}
