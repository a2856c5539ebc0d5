import FerryCore
import Testing

@testable import FerryDaemon

/// Who hears memory pressure and protected data, from lifecycles alone, without processes.
@Suite struct BroadcastPlanTests {
    /// A lifecycle walked through `steps` from not running.
    static func lifecycle(_ steps: [AppLifecycle.Step]) throws -> AppLifecycle {
        var lifecycle = AppLifecycle()
        for step in steps { try lifecycle.apply(step) }
        return lifecycle
    }

    /// One app in each state that matters: active, background, suspended, terminating, launching, gone.
    static func apps() throws -> [String: AppLifecycle] {
        let launched: [AppLifecycle.Step] = [.spawn, .send(.willFinishLaunching), .send(.didFinishLaunching)]
        let background = launched + [.send(.didEnterBackground)]
        return [
            "active": try lifecycle(launched + [.send(.didBecomeActive)]),
            "background": try lifecycle(background),
            "suspended": try lifecycle(background + [.suspend]),
            "terminating": try lifecycle(background + [.send(.willTerminate)]),
            "launching": try lifecycle([.spawn]),
            "gone": try lifecycle(background + [.exited]),
        ]
    }

    @Test func memoryPressureEndsTheSuspendedAndWarnsThoseThatRunCode() throws {
        let plan = BroadcastPlan.memoryWarning(try Self.apps())
        #expect(plan == BroadcastPlan(kill: ["suspended"], tell: ["active", "background", "launching"]))
    }

    @Test(arguments: [LifecycleEvent.protectedDataWillBecomeUnavailable, .protectedDataDidBecomeAvailable])
    func protectedDataIsToldToThoseThatRunCodeAndWakesNoSuspendedApp(_ event: LifecycleEvent) throws {
        let plan = BroadcastPlan.protectedData(event, try Self.apps())
        #expect(plan == BroadcastPlan(kill: [], tell: ["active", "background", "launching"]))
    }

    @Test func anEventThatIsNotAboutProtectedDataTellsNobody() throws {
        #expect(BroadcastPlan.protectedData(.didBecomeActive, try Self.apps()) == BroadcastPlan())
    }

    @Test func aNotificationGoesToThoseThatRunCodeAndQueuesForTheSuspended() throws {
        let plan = BroadcastPlan.notification(try Self.apps())
        #expect(plan == BroadcastPlan(tell: ["active", "background", "launching"], queue: ["suspended"]))
    }
}
