import FerryProtocol
import FerryKit
import Testing

@Suite struct ApplicationStateTests {
    /// Feeds `events` and returns the state each delegate method saw, and the state at the end.
    private func run(_ events: [LifecycleEvent]) -> (seen: [AppState], after: AppState) {
        let delegate = RecordingDelegate()
        let application = testApplication()
        for (id, event) in events.enumerated() {
            _ = application.dispatch(appEvent(id, event.rawValue, url: "aa://x"), to: delegate)
        }
        return (delegate.states, application.state)
    }

    @Test func aNewApplicationIsInactive() {
        #expect(testApplication().state == .inactive)
    }

    @Test func aColdLaunchEndsActive() {
        let (seen, after) = run([.willFinishLaunching, .didFinishLaunching, .open, .didBecomeActive])
        #expect(seen == [.inactive, .inactive, .inactive, .active])
        #expect(after == .active)
    }

    @Test func didEventsChangeTheStateBeforeTheMethodAndWillEventsAfter() {
        let (seen, after) = run([
            .willFinishLaunching, .didFinishLaunching, .didBecomeActive, .willResignActive,
            .didEnterBackground, .willEnterForeground, .open, .didBecomeActive,
        ])
        #expect(seen == [.inactive, .inactive, .active, .active, .background, .background, .inactive, .active])
        #expect(after == .active)
    }

    @Test func terminatingIsSeenAsBackground() {
        let (seen, after) = run([.willFinishLaunching, .didFinishLaunching, .didEnterBackground, .didReceiveMemoryWarning, .willTerminate])
        #expect(seen == [.inactive, .inactive, .background, .background, .background])
        #expect(after == .background)
    }

    @Test func anEventOutOfOrderLeavesTheStateAlone() {
        let (seen, after) = run([.willFinishLaunching, .didFinishLaunching, .willEnterForeground])
        #expect(seen == [.inactive, .inactive, .inactive])
        #expect(after == .inactive)
    }
}
