import FerryCore
import Testing

@testable import FerryDaemon

/// Who comes forward and who makes way, without processes.
@Suite struct ForegroundArbiterTests {
    static func arbiter(front: String?) -> ForegroundArbiter {
        var arbiter = ForegroundArbiter()
        if let front { arbiter.becameActive(front) }
        return arbiter
    }

    @Test(arguments: [
        // front, app, state, background: takes the turn?
        ("a", "a", AppLifecycle.State.active, false, false),  // already in front
        ("a", "a", .inactive, false, true),  // in front, but not active yet
        ("a", "b", .active, false, true),  // active, but another is in front
        (nil, "a", .notRunning, false, true),  // a launch comes forward
        ("a", "b", .background, true, false),  // opens in the background
    ] as [(String?, String, AppLifecycle.State, Bool, Bool)])
    func anOpenTakesTheTurnUnlessItStaysWhereItIs(front: String?, app: String, state: AppLifecycle.State,
                                                   background: Bool, takes: Bool) {
        #expect(Self.arbiter(front: front).needsTurn(app, state: state, background: background) == takes)
    }

    @Test func theAppInFrontResignsForAnotherOnly() {
        let arbiter = Self.arbiter(front: "a")
        #expect(arbiter.mustResign(before: "b", background: false) == "a")
        #expect(arbiter.mustResign(before: "a", background: false) == nil)
        #expect(arbiter.mustResign(before: "b", background: true) == nil)
        #expect(Self.arbiter(front: nil).mustResign(before: "b", background: false) == nil)
    }

    @Test func onlyTheAppInFrontLeavesIt() {
        var arbiter = Self.arbiter(front: "a")
        arbiter.left("b")
        #expect(arbiter.current == "a")
        arbiter.left("a")
        #expect(arbiter.current == nil)
        arbiter.becameActive("b")
        #expect(arbiter.current == "b")
    }
}
