import Testing
@testable import FerryProtocol

@Suite struct AppLifecyclePlansTests {
    private static let launch: [AppLifecycle.Step] = [.spawn, .send(.willFinishLaunching), .send(.didFinishLaunching)]
    private static let foreground: [AppLifecycle.Step] = [.send(.willEnterForeground), .send(.open), .send(.didBecomeActive)]

    /// Each planner in each state: the plan, and the state after walking it.
    static let plans: [Plan] = [
        // Figure 6-1: launch, the URL, then Active; Figure 6-2: woken, willEnterForeground, open, didBecomeActive.
        Plan(.open(background: false), .notRunning, launch + [.send(.open), .send(.didBecomeActive)], ends: .active),
        Plan(.open(background: false), .launching, [.send(.open)], ends: .launching),
        Plan(.open(background: false), .inactive, [.send(.open), .send(.didBecomeActive)], ends: .active),
        Plan(.open(background: false), .active, [.send(.open)], ends: .active),
        Plan(.open(background: false), .background, foreground, ends: .active),
        Plan(.open(background: false), .suspended, [.resume] + foreground, ends: .active),
        // A terminating app takes nothing; the daemon tells the caller to try again.
        Plan(.open(background: false), .terminating, [], ends: .terminating),
        // In the background, a running app just gets the URL; a launched one goes to Background.
        Plan(.open(background: true), .notRunning, launch + [.send(.open), .send(.didEnterBackground)], ends: .background),
        Plan(.open(background: true), .launching, [.send(.open)], ends: .launching),
        Plan(.open(background: true), .inactive, [.send(.open)], ends: .inactive),
        Plan(.open(background: true), .active, [.send(.open)], ends: .active),
        Plan(.open(background: true), .background, [.send(.open)], ends: .background),
        Plan(.open(background: true), .suspended, [.resume, .send(.open)], ends: .background),
        Plan(.open(background: true), .terminating, [], ends: .terminating),
        // Only a foreground app resigns, through Inactive to Background.
        Plan(.resign, .notRunning, [], ends: .notRunning),
        Plan(.resign, .launching, [], ends: .launching),
        Plan(.resign, .inactive, [.send(.didEnterBackground)], ends: .background),
        Plan(.resign, .active, [.send(.willResignActive), .send(.didEnterBackground)], ends: .background),
        Plan(.resign, .background, [], ends: .background),
        Plan(.resign, .suspended, [], ends: .suspended),
        Plan(.resign, .terminating, [], ends: .terminating),
        // Quit: down to Background, willTerminate, terminate; what cannot be told is killed.
        Plan(.quit, .notRunning, [], ends: .notRunning),
        Plan(.quit, .launching, [.kill], ends: .launching),
        Plan(.quit, .inactive, [.send(.didEnterBackground), .send(.willTerminate), .terminate], ends: .terminating),
        Plan(.quit, .active, [.send(.willResignActive), .send(.didEnterBackground), .send(.willTerminate), .terminate],
             ends: .terminating),
        Plan(.quit, .background, [.send(.willTerminate), .terminate], ends: .terminating),
        Plan(.quit, .suspended, [.kill], ends: .suspended),
        Plan(.quit, .terminating, [.kill], ends: .terminating),
        // Memory pressure: suspended apps are purged without notice, running ones warned.
        Plan(.memoryWarning, .notRunning, [], ends: .notRunning),
        Plan(.memoryWarning, .launching, [.send(.didReceiveMemoryWarning)], ends: .launching),
        Plan(.memoryWarning, .inactive, [.send(.didReceiveMemoryWarning)], ends: .inactive),
        Plan(.memoryWarning, .active, [.send(.didReceiveMemoryWarning)], ends: .active),
        Plan(.memoryWarning, .background, [.send(.didReceiveMemoryWarning)], ends: .background),
        Plan(.memoryWarning, .suspended, [.kill], ends: .suspended),
        Plan(.memoryWarning, .terminating, [], ends: .terminating),
    ]

    @Test func tableCoversEveryPlannerInEveryState() {
        for planner in Planner.all {
            let states = Self.plans.filter { $0.planner == planner }.map(\.state)
            let expected = AppLifecycle.allStates
            #expect(states == expected, "\(planner)")
        }
    }

    @Test(arguments: plans)
    func output(_ plan: Plan) throws {
        #expect(plan.planner.plan(for: try AppLifecycle.driven(to: plan.state)) == plan.steps)
    }

    @Test(arguments: plans)
    func walkingThePlanIsLegal(_ plan: Plan) throws {
        var lifecycle = try AppLifecycle.driven(to: plan.state)
        for step in plan.planner.plan(for: lifecycle) { try lifecycle.apply(step) }
        #expect(lifecycle.state == plan.ends)
    }

    @Test(arguments: AppLifecycle.allStates.filter { $0 != .notRunning })
    func quitThenExitIsNotRunning(_ state: AppLifecycle.State) throws {
        var lifecycle = try AppLifecycle.driven(to: state)
        for step in lifecycle.planQuit() { try lifecycle.apply(step) }
        try lifecycle.apply(.exited)
        #expect(lifecycle.appState == .notRunning)
        #expect(lifecycle == AppLifecycle())
    }

    // MARK: The seeds' figures

    /// Figure 6-1: opening a URL in an app that is not running.
    @Test func figure6_1() throws {
        let expected: [(AppLifecycle.Step, AppLifecycle.State, AppState)] = [
            (.spawn, .launching, .inactive),
            (.send(.willFinishLaunching), .launching, .inactive),
            (.send(.didFinishLaunching), .launching, .inactive),
            (.send(.open), .launching, .inactive),
            (.send(.didBecomeActive), .active, .active),
        ]
        try expectWalk(from: .notRunning, expected)
        #expect(AppLifecycle().planOpen(background: false) == expected.map(\.0))
    }

    /// Figure 6-1 when a launch event returns false: the owner skips `open`, and the app still
    /// becomes active.
    @Test func figure6_1Declined() throws {
        let steps = AppLifecycle().planOpen(background: false).filter { $0 != .send(.open) }
        var lifecycle = AppLifecycle()
        for step in steps { try lifecycle.apply(step) }
        #expect(lifecycle.state == .active)
    }

    /// Figure 6-2: opening a URL in an app in the background.
    @Test func figure6_2FromBackground() throws {
        let expected: [(AppLifecycle.Step, AppLifecycle.State, AppState)] = [
            (.send(.willEnterForeground), .inactive, .inactive),
            (.send(.open), .inactive, .inactive),
            (.send(.didBecomeActive), .active, .active),
        ]
        try expectWalk(from: .background, expected)
        #expect(try AppLifecycle.driven(to: .background).planOpen(background: false) == expected.map(\.0))
    }

    /// Figure 6-2 for a suspended app: it is woken first, into Background.
    @Test func figure6_2FromSuspended() throws {
        let expected: [(AppLifecycle.Step, AppLifecycle.State, AppState)] = [
            (.resume, .background, .background),
            (.send(.willEnterForeground), .inactive, .inactive),
            (.send(.open), .inactive, .inactive),
            (.send(.didBecomeActive), .active, .active),
        ]
        try expectWalk(from: .suspended, expected)
        #expect(try AppLifecycle.driven(to: .suspended).planOpen(background: false) == expected.map(\.0))
    }

    /// Applies each step from `state`, checking the internal and the public state after it.
    private func expectWalk(
        from state: AppLifecycle.State, _ expected: [(AppLifecycle.Step, AppLifecycle.State, AppState)],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var lifecycle = try AppLifecycle.driven(to: state)
        for (step, next, appState) in expected {
            try lifecycle.apply(step)
            #expect(lifecycle.state == next, "after \(step.name)", sourceLocation: sourceLocation)
            #expect(lifecycle.appState == appState, "after \(step.name)", sourceLocation: sourceLocation)
        }
    }
}

/// One of the planners of `AppLifecycle+Plans.swift`.
enum Planner: Sendable, Equatable, CustomStringConvertible {
    case open(background: Bool), resign, quit, memoryWarning

    static let all: [Planner] = [.open(background: false), .open(background: true), .resign, .quit, .memoryWarning]

    var isOpen: Bool { if case .open = self { true } else { false } }

    func plan(for lifecycle: AppLifecycle) -> [AppLifecycle.Step] {
        switch self {
        case .open(let background): lifecycle.planOpen(background: background)
        case .resign: lifecycle.planResign()
        case .quit: lifecycle.planQuit()
        case .memoryWarning: lifecycle.planMemoryWarning()
        }
    }

    var description: String {
        switch self {
        case .open(let background): "planOpen(background: \(background))"
        case .resign: "planResign()"
        case .quit: "planQuit()"
        case .memoryWarning: "planMemoryWarning()"
        }
    }
}

/// A planner's expected plan in one state, and where walking it ends.
struct Plan: Sendable, CustomTestStringConvertible {
    var planner: Planner
    var state: AppLifecycle.State
    var steps: [AppLifecycle.Step]
    var ends: AppLifecycle.State

    init(_ planner: Planner, _ state: AppLifecycle.State, _ steps: [AppLifecycle.Step], ends: AppLifecycle.State) {
        self.planner = planner
        self.state = state
        self.steps = steps
        self.ends = ends
    }

    var testDescription: String {
        "\(planner) while \(state): [\(steps.map(\.name).joined(separator: ", "))] -> \(ends)"
    }
}
