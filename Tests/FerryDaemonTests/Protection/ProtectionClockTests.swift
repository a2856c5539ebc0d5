import FerryCore
@testable import FerryDaemon
import Foundation
import Logging
import Testing
import FerryTestSupport

/// Data protection's clock wakes when something is due, not ten times a second.
@Suite struct ProtectionClockTests {
    static func controller(grace: Duration) async -> ProtectionController {
        let home = NSTemporaryDirectory() + "ferry-clock-" + UUID().uuidString.prefix(8)
        let controller = ProtectionController(paths: FerryPaths(appFolders: [], dataHome: home, configHome: home + "/config"),
                                              grace: grace, logger: Logger(label: "test"))
        await controller.start()
        return controller
    }

    @Test func anUnlockedControllerHasNothingDue() async {
        let controller = await Self.controller(grace: .seconds(10))
        #expect(await controller.nextTick == nil)
    }

    @Test func aLockIsDueAtTheEndOfItsGrace() async throws {
        let controller = await Self.controller(grace: .seconds(10))
        _ = await controller.lock()
        let due = try #require(await controller.nextTick)
        #expect(due > .seconds(9) && due <= .seconds(10))
    }

    @Test func aParkedClockWakesWhenTheSessionLocks() async throws {
        let controller = await Self.controller(grace: .milliseconds(200))
        // Nothing is due, so only the lock can wake it before its hour-long backstop.
        let clock = Task {
            while !Task.isCancelled {
                await controller.waitForTick()
                await controller.tick()
            }
        }
        defer { clock.cancel() }
        try await Task.sleep(for: .milliseconds(100))  // time to park: the Alarm shows no waiter to await
        _ = await controller.lock()
        await waitUntil("the lock to be locked") { await controller.report().lock == "locked" }
    }

    @Test func cancellingTheClockEndsItsWait() async {
        let controller = await Self.controller(grace: .seconds(10))
        let clock = Task { await controller.waitForTick() }
        try? await Task.sleep(for: .milliseconds(100))  // time to park: the Alarm shows no waiter to await
        clock.cancel()
        let started = ContinuousClock.now
        await clock.value
        #expect(ContinuousClock.now - started < .seconds(60))
    }
}
