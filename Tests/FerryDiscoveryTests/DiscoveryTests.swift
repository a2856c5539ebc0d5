import FoundationEssentials
import Logging
import Testing
import FerryTestSupport
@testable import FerryDiscovery

/// `Discovery.snapshot(settleTimeout:)` parks until Avahi's first answers, not on a timer: woken by
/// the event, by the deadline or by cancellation, and none is left parked.
@Suite struct DiscoveryTests {
    let discovery = Discovery(name: "Desk", port: 7417, advertisement: PeerAdvertisement(mode: "contacts"), enabled: true,
                              manualPeersFile: "/nonexistent/ferry-test/manual-peers", logger: Logger(label: "test"))

    private func untilParked(_ count: Int) async throws {
        await waitUntil("\(count) snapshots parked") { await discovery.settleWaiters.count >= count }
        #expect(await discovery.settleWaiters.count == count)
    }

    @Test func everyConcurrentSnapshotReturnsOnceAvahiHasAnswered() async throws {
        let discovery = self.discovery
        let statuses = try await withThrowingTaskGroup(of: DiscoveryStatus.self) { group in
            for _ in 0..<8 { group.addTask { await discovery.snapshot(settleTimeout: 55).status } }
            try await untilParked(8)
            await discovery.handle(.published(name: "Desk"))
            await discovery.handle(.allForNow)
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: .running(name: "Desk"), count: 8))
        #expect(await discovery.settleWaiters.isEmpty)
    }

    @Test func losingAvahiAlsoWakesTheSnapshot() async throws {
        async let snapshot = discovery.snapshot(settleTimeout: 55)
        try await untilParked(1)
        await discovery.handle(.connecting)
        #expect(await snapshot.status == .avahiNotRunning(detail: "no avahi-daemon on the system bus"))
    }

    @Test func theDeadlineReturnsTheTableAsItIs() async {
        #expect(await discovery.snapshot(settleTimeout: 0.1).status == .avahiNotRunning(detail: "starting"))
        #expect(await discovery.settleWaiters.isEmpty)
    }

    @Test func aCancelledSnapshotReturnsAndLeavesNothingParked() async throws {
        let discovery = self.discovery
        let snapshot = Task { await discovery.snapshot(settleTimeout: 60).status }
        try await untilParked(1)
        let cancelled = ContinuousClock.now
        snapshot.cancel()
        #expect(await snapshot.value == .avahiNotRunning(detail: "starting"))
        // Far below the 60 s deadline the old loop spun to; not a measure of promptness.
        #expect(ContinuousClock.now - cancelled < .seconds(30))
        #expect(await discovery.settleWaiters.isEmpty)
    }
}
