import Testing
@testable import FerryProtocol

private typealias State = AppLifecycle.State

@Suite struct AppLifecycleTests {
    // MARK: The transition table

    /// Every state against every step, with the next state or `.illegal`, reasoned from the iOS
    /// states of SEMANTICS.md §1-§2 rather than read off the code. Columns in ``AppLifecycle/allSteps`` order.
    static let table: [Transition] = [
        // Not running: there is no process, so the only step is starting one.
        Transition(.notRunning, .spawn, .next(.launching)),
        Transition(.notRunning, .send(.willFinishLaunching), .illegal),
        Transition(.notRunning, .send(.didFinishLaunching), .illegal),
        Transition(.notRunning, .send(.didBecomeActive), .illegal),
        Transition(.notRunning, .send(.willResignActive), .illegal),
        Transition(.notRunning, .send(.didEnterBackground), .illegal),
        Transition(.notRunning, .send(.willEnterForeground), .illegal),
        Transition(.notRunning, .send(.willTerminate), .illegal),
        Transition(.notRunning, .send(.open), .illegal),
        Transition(.notRunning, .send(.didReceiveMemoryWarning), .illegal),
        Transition(.notRunning, .send(.protectedDataWillBecomeUnavailable), .illegal),
        Transition(.notRunning, .send(.protectedDataDidBecomeAvailable), .illegal),
        Transition(.notRunning, .send(.backgroundTaskWillExpire), .illegal),
        Transition(.notRunning, .send(.significantTimeChange), .illegal),
        Transition(.notRunning, .send(.currentLocaleDidChange), .illegal),
        Transition(.notRunning, .send(.userDefaultsDidChange), .illegal),
        Transition(.notRunning, .suspend, .illegal),
        Transition(.notRunning, .resume, .illegal),
        Transition(.notRunning, .terminate, .illegal),
        Transition(.notRunning, .kill, .illegal),
        Transition(.notRunning, .exited, .illegal),
        // Launching (iOS's Inactive at launch): the launch events and the launch URL, then Active
        // (Figure 6-1) or straight to Background (a background launch). Not yet foregrounded or
        // backgrounded, so no resign, enter-foreground or willTerminate.
        Transition(.launching, .spawn, .illegal),
        Transition(.launching, .send(.willFinishLaunching), .next(.launching)),
        Transition(.launching, .send(.didFinishLaunching), .next(.launching)),
        Transition(.launching, .send(.didBecomeActive), .next(.active)),
        Transition(.launching, .send(.willResignActive), .illegal),
        Transition(.launching, .send(.didEnterBackground), .next(.background)),
        Transition(.launching, .send(.willEnterForeground), .illegal),
        Transition(.launching, .send(.willTerminate), .illegal),
        Transition(.launching, .send(.open), .next(.launching)),
        Transition(.launching, .send(.didReceiveMemoryWarning), .next(.launching)),
        Transition(.launching, .send(.protectedDataWillBecomeUnavailable), .next(.launching)),
        Transition(.launching, .send(.protectedDataDidBecomeAvailable), .next(.launching)),
        Transition(.launching, .send(.backgroundTaskWillExpire), .illegal),
        Transition(.launching, .send(.significantTimeChange), .next(.launching)),
        Transition(.launching, .send(.currentLocaleDidChange), .next(.launching)),
        Transition(.launching, .send(.userDefaultsDidChange), .next(.launching)),
        Transition(.launching, .suspend, .illegal),
        Transition(.launching, .resume, .illegal),
        Transition(.launching, .terminate, .illegal), // a launching app that must go is killed
        Transition(.launching, .kill, .next(.launching)), // the launch watchdog; exited follows
        Transition(.launching, .exited, .next(.notRunning)),
        // Inactive: foreground between Active and Background; it goes either way and can take a URL
        // (Figure 6-2 sends open here). willTerminate only reaches Background apps.
        Transition(.inactive, .spawn, .illegal),
        Transition(.inactive, .send(.willFinishLaunching), .illegal),
        Transition(.inactive, .send(.didFinishLaunching), .illegal),
        Transition(.inactive, .send(.didBecomeActive), .next(.active)),
        Transition(.inactive, .send(.willResignActive), .illegal),
        Transition(.inactive, .send(.didEnterBackground), .next(.background)),
        Transition(.inactive, .send(.willEnterForeground), .illegal),
        Transition(.inactive, .send(.willTerminate), .illegal),
        Transition(.inactive, .send(.open), .next(.inactive)),
        Transition(.inactive, .send(.didReceiveMemoryWarning), .next(.inactive)),
        Transition(.inactive, .send(.protectedDataWillBecomeUnavailable), .next(.inactive)),
        Transition(.inactive, .send(.protectedDataDidBecomeAvailable), .next(.inactive)),
        Transition(.inactive, .send(.backgroundTaskWillExpire), .illegal),
        Transition(.inactive, .send(.significantTimeChange), .next(.inactive)),
        Transition(.inactive, .send(.currentLocaleDidChange), .next(.inactive)),
        Transition(.inactive, .send(.userDefaultsDidChange), .next(.inactive)),
        Transition(.inactive, .suspend, .illegal),
        Transition(.inactive, .resume, .illegal),
        Transition(.inactive, .terminate, .illegal),
        Transition(.inactive, .kill, .next(.inactive)),
        Transition(.inactive, .exited, .next(.notRunning)),
        // Active: leaves only through willResignActive (to Inactive), never straight to Background.
        Transition(.active, .spawn, .illegal),
        Transition(.active, .send(.willFinishLaunching), .illegal),
        Transition(.active, .send(.didFinishLaunching), .illegal),
        Transition(.active, .send(.didBecomeActive), .illegal),
        Transition(.active, .send(.willResignActive), .next(.inactive)),
        Transition(.active, .send(.didEnterBackground), .illegal),
        Transition(.active, .send(.willEnterForeground), .illegal),
        Transition(.active, .send(.willTerminate), .illegal),
        Transition(.active, .send(.open), .next(.active)),
        Transition(.active, .send(.didReceiveMemoryWarning), .next(.active)),
        Transition(.active, .send(.protectedDataWillBecomeUnavailable), .next(.active)),
        Transition(.active, .send(.protectedDataDidBecomeAvailable), .next(.active)),
        Transition(.active, .send(.backgroundTaskWillExpire), .illegal),
        Transition(.active, .send(.significantTimeChange), .next(.active)),
        Transition(.active, .send(.currentLocaleDidChange), .next(.active)),
        Transition(.active, .send(.userDefaultsDidChange), .next(.active)),
        Transition(.active, .suspend, .illegal),
        Transition(.active, .resume, .illegal),
        Transition(.active, .terminate, .illegal),
        Transition(.active, .kill, .next(.active)),
        Transition(.active, .exited, .next(.notRunning)),
        // Background: runs code; comes forward through willEnterForeground (to Inactive), is told
        // willTerminate, or is suspended without being told.
        Transition(.background, .spawn, .illegal),
        Transition(.background, .send(.willFinishLaunching), .illegal),
        Transition(.background, .send(.didFinishLaunching), .illegal),
        Transition(.background, .send(.didBecomeActive), .illegal),
        Transition(.background, .send(.willResignActive), .illegal),
        Transition(.background, .send(.didEnterBackground), .illegal),
        Transition(.background, .send(.willEnterForeground), .next(.inactive)),
        Transition(.background, .send(.willTerminate), .next(.terminating)),
        Transition(.background, .send(.open), .next(.background)), // `open --background`, see report
        Transition(.background, .send(.didReceiveMemoryWarning), .next(.background)),
        Transition(.background, .send(.protectedDataWillBecomeUnavailable), .next(.background)),
        Transition(.background, .send(.protectedDataDidBecomeAvailable), .next(.background)),
        Transition(.background, .send(.backgroundTaskWillExpire), .next(.background)),
        Transition(.background, .send(.significantTimeChange), .next(.background)),
        Transition(.background, .send(.currentLocaleDidChange), .next(.background)),
        Transition(.background, .send(.userDefaultsDidChange), .next(.background)),
        Transition(.background, .suspend, .next(.suspended)),
        Transition(.background, .resume, .illegal),
        Transition(.background, .terminate, .next(.terminating)),
        Transition(.background, .kill, .next(.background)),
        Transition(.background, .exited, .next(.notRunning)),
        // Suspended: executes no code, so it gets no event at all (not even willTerminate or a
        // memory warning); it is resumed into Background, or ended without notice.
        Transition(.suspended, .spawn, .illegal),
        Transition(.suspended, .send(.willFinishLaunching), .illegal),
        Transition(.suspended, .send(.didFinishLaunching), .illegal),
        Transition(.suspended, .send(.didBecomeActive), .illegal),
        Transition(.suspended, .send(.willResignActive), .illegal),
        Transition(.suspended, .send(.didEnterBackground), .illegal),
        Transition(.suspended, .send(.willEnterForeground), .illegal),
        Transition(.suspended, .send(.willTerminate), .illegal),
        Transition(.suspended, .send(.open), .illegal),
        Transition(.suspended, .send(.didReceiveMemoryWarning), .illegal),
        Transition(.suspended, .send(.protectedDataWillBecomeUnavailable), .illegal),
        Transition(.suspended, .send(.protectedDataDidBecomeAvailable), .illegal),
        Transition(.suspended, .send(.backgroundTaskWillExpire), .illegal),
        Transition(.suspended, .send(.significantTimeChange), .illegal),
        Transition(.suspended, .send(.currentLocaleDidChange), .illegal),
        Transition(.suspended, .send(.userDefaultsDidChange), .illegal),
        Transition(.suspended, .suspend, .illegal),
        Transition(.suspended, .resume, .next(.background)),
        Transition(.suspended, .terminate, .illegal), // it runs no code: it is killed, as iOS purges it
        Transition(.suspended, .kill, .next(.suspended)), // the purge; exited follows
        Transition(.suspended, .exited, .next(.notRunning)),
        // Terminating: told to end; it only waits to exit (or is signalled again).
        Transition(.terminating, .spawn, .illegal),
        Transition(.terminating, .send(.willFinishLaunching), .illegal),
        Transition(.terminating, .send(.didFinishLaunching), .illegal),
        Transition(.terminating, .send(.didBecomeActive), .illegal),
        Transition(.terminating, .send(.willResignActive), .illegal),
        Transition(.terminating, .send(.didEnterBackground), .illegal),
        Transition(.terminating, .send(.willEnterForeground), .illegal),
        Transition(.terminating, .send(.willTerminate), .illegal),
        Transition(.terminating, .send(.open), .illegal),
        Transition(.terminating, .send(.didReceiveMemoryWarning), .illegal),
        Transition(.terminating, .send(.protectedDataWillBecomeUnavailable), .illegal),
        Transition(.terminating, .send(.protectedDataDidBecomeAvailable), .illegal),
        Transition(.terminating, .send(.backgroundTaskWillExpire), .illegal),
        Transition(.terminating, .send(.significantTimeChange), .illegal),
        Transition(.terminating, .send(.currentLocaleDidChange), .illegal),
        Transition(.terminating, .send(.userDefaultsDidChange), .illegal),
        Transition(.terminating, .suspend, .illegal),
        Transition(.terminating, .resume, .illegal),
        Transition(.terminating, .terminate, .next(.terminating)),
        Transition(.terminating, .kill, .next(.terminating)),
        Transition(.terminating, .exited, .next(.notRunning)),
    ]

    @Test func tableCoversEveryStateAndStepOnce() {
        #expect(Self.table.count == AppLifecycle.allStates.count * AppLifecycle.allSteps.count)
        for state in AppLifecycle.allStates {
            let row = Self.table.filter { $0.state == state }.map(\.step)
            #expect(row == AppLifecycle.allSteps, "row \(state) is incomplete or out of order")
        }
    }

    @Test(arguments: table)
    func transition(_ cell: Transition) {
        #expect(AppLifecycle.transition(from: cell.state, by: cell.step) == cell.expected.state)
    }

    @Test(arguments: table)
    func apply(_ cell: Transition) throws {
        var lifecycle = try AppLifecycle.driven(to: cell.state)
        switch cell.expected {
        case .next(let next):
            try lifecycle.apply(cell.step)
            #expect(lifecycle.state == next)
        case .illegal:
            let before = lifecycle
            #expect(throws: AppLifecycle.IllegalStep(step: cell.step, state: cell.state)) {
                try lifecycle.apply(cell.step)
            }
            #expect(lifecycle == before)
        }
    }

    // MARK: Reaching states

    @Test(arguments: AppLifecycle.allStates)
    func helperReachesEveryStateThroughLegalSteps(_ state: AppLifecycle.State) throws {
        #expect(try AppLifecycle.driven(to: state).state == state)
    }

    @Test func aNewLifecycleIsNotRunning() {
        let lifecycle = AppLifecycle()
        #expect(lifecycle.state == .notRunning)
        #expect(lifecycle.appState == .notRunning)
        #expect(!lifecycle.isRunning)
    }

    @Test func theStateIsTheWholeValue() throws {
        var fromBackground = try AppLifecycle.driven(to: .background)
        try fromBackground.apply(.send(.willEnterForeground))
        #expect(fromBackground == (try AppLifecycle.driven(to: .inactive)))
    }

    // MARK: Public states

    @Test(arguments: [
        (State.notRunning, AppState.notRunning), (.launching, .inactive), (.inactive, .inactive),
        (.active, .active), (.background, .background), (.suspended, .suspended), (.terminating, .background),
    ] as [(AppLifecycle.State, AppState)])
    func appState(_ state: AppLifecycle.State, _ expected: AppState) throws {
        let lifecycle = try AppLifecycle.driven(to: state)
        #expect(lifecycle.appState == expected)
        #expect(lifecycle.isRunning == (state != .notRunning))
    }

    @Test func everyPublicStateIsReachable() throws {
        let reached = try AppLifecycle.allStates.map { try AppLifecycle.driven(to: $0).appState }
        #expect(Set(reached) == Set(AppState.allCases))
    }

    @Test func illegalStepNamesStepAndState() {
        let error = AppLifecycle.IllegalStep(step: .spawn, state: .active)
        #expect(error.description == "spawn is not allowed while active")
    }
}

/// One cell of the transition table.
struct Transition: Sendable, CustomTestStringConvertible {
    enum Expected: Sendable, Equatable {
        case next(AppLifecycle.State)
        case illegal

        var state: AppLifecycle.State? {
            if case .next(let state) = self { state } else { nil }
        }
    }

    var state: AppLifecycle.State
    var step: AppLifecycle.Step
    var expected: Expected

    init(_ state: AppLifecycle.State, _ step: AppLifecycle.Step, _ expected: Expected) {
        self.state = state
        self.step = step
        self.expected = expected
    }

    var testDescription: String {
        "\(state) + \(step.name) -> \(expected.state.map { "\($0)" } ?? "illegal")"
    }
}

extension AppLifecycle {
    /// The seven internal states.
    static let allStates: [State] = [.notRunning, .launching, .inactive, .active, .background, .suspended, .terminating]

    /// Every step: the system's and each delegate event.
    static let allSteps: [Step] = [.spawn] + LifecycleEvent.allCases.map { .send($0) }
        + [.suspend, .resume, .terminate, .kill, .exited]

    /// Legal steps that take a new lifecycle to `state`. (The exhaustive switch breaks the build
    /// when a state is added, as a reminder to extend ``allStates`` and the tables.)
    static func path(to state: State) -> [Step] {
        let launch: [Step] = [.spawn, .send(.willFinishLaunching), .send(.didFinishLaunching)]
        switch state {
        case .notRunning: return []
        case .launching: return [.spawn]
        case .active: return launch + [.send(.didBecomeActive)]
        case .inactive: return path(to: .active) + [.send(.willResignActive)]
        case .background: return launch + [.send(.didEnterBackground)]
        case .suspended: return path(to: .background) + [.suspend]
        case .terminating: return path(to: .background) + [.send(.willTerminate)]
        }
    }

    /// A new lifecycle driven to `state` with ``apply(_:)`` along ``path(to:)``.
    static func driven(to state: State) throws -> AppLifecycle {
        var lifecycle = AppLifecycle()
        for step in path(to: state) { try lifecycle.apply(step) }
        return lifecycle
    }
}

extension AppLifecycle.Step {
    /// A short name for test output, like `send(.open)`.
    var name: String {
        switch self {
        case .spawn: "spawn"
        case .send(let event): "send(.\(event.rawValue))"
        case .suspend: "suspend"
        case .resume: "resume"
        case .terminate: "terminate"
        case .kill: "kill"
        case .exited: "exited"
        }
    }
}
