/// One managed app's lifecycle as a pure state machine: it checks that each step is legal in the
/// current state and moves to the next, and it plans the steps a request needs.
///
/// The owner (the daemon's app manager) performs the steps — spawning, sending events, signals —
/// and feeds each back through ``apply(_:)`` after it happened, re-checking state after every await.
public struct AppLifecycle: Sendable, Equatable {
    /// Internal states: the five of ``AppState`` plus the two edges of a process's life.
    public enum State: Sendable, Equatable {
        case notRunning
        /// Spawned; the launch events have not finished.
        case launching
        case inactive
        case active
        case background
        case suspended
        /// Told to terminate; waiting for the process to exit.
        case terminating
    }

    /// A step in an app's life: a delegate event delivered, or something the system did.
    public enum Step: Sendable, Equatable {
        case spawn
        case send(LifecycleEvent)
        /// SIGSTOP or the cgroup freezer, without telling the app.
        case suspend
        /// SIGCONT.
        case resume
        /// Ask the process to end (SIGTERM), after `willTerminate` or without it.
        case terminate
        /// SIGKILL: the watchdog, a force-quit, or a purge.
        case kill
        /// The process is gone, whatever the reason.
        case exited
    }

    /// A step that is not allowed in the current state: a bug in the owner, or a confused app.
    public struct IllegalStep: Error, Sendable, Equatable, CustomStringConvertible {
        public var step: Step
        public var state: State
        public var description: String { "\(step) is not allowed while \(state)" }
    }

    public private(set) var state: State = .notRunning

    public init() {}

    /// The state as the five iOS states: launching counts as Inactive, terminating as Background.
    public var appState: AppState {
        switch state {
        case .notRunning: .notRunning
        case .launching, .inactive: .inactive
        case .active: .active
        case .background, .terminating: .background
        case .suspended: .suspended
        }
    }

    /// Whether the process exists.
    public var isRunning: Bool { state != .notRunning }

    /// Records that `step` happened, moving to the next state.
    ///
    /// - Throws: ``IllegalStep`` when `step` cannot happen in the current state; the state is unchanged.
    public mutating func apply(_ step: Step) throws(IllegalStep) {
        guard let next = Self.transition(from: state, by: step) else {
            throw IllegalStep(step: step, state: state)
        }
        state = next
    }

    /// The state after `step`, or nil when `step` is illegal in `state`.
    public static func transition(from state: State, by step: Step) -> State? {
        switch (state, step) {
        case (_, .exited) where state != .notRunning: .notRunning
        case (_, .kill) where state != .notRunning: state
        case (.notRunning, .spawn): .launching
        case (.launching, .send(.willFinishLaunching)), (.launching, .send(.didFinishLaunching)): .launching
        case (.launching, .send(.open)): .launching
        case (.launching, .send(.didBecomeActive)), (.inactive, .send(.didBecomeActive)): .active
        case (.launching, .send(.didEnterBackground)), (.inactive, .send(.didEnterBackground)): .background
        case (.active, .send(.willResignActive)): .inactive
        case (.background, .send(.willEnterForeground)): .inactive
        case (.inactive, .send(.open)), (.active, .send(.open)), (.background, .send(.open)): state
        case (.background, .suspend): .suspended
        case (.suspended, .resume): .background
        case (.background, .send(.willTerminate)): .terminating
        case (.background, .terminate), (.terminating, .terminate): .terminating
        case (.launching, .send(.didReceiveMemoryWarning)), (.inactive, .send(.didReceiveMemoryWarning)),
             (.active, .send(.didReceiveMemoryWarning)), (.background, .send(.didReceiveMemoryWarning)): state
        case (_, .send(let event)) where event.isQueuedNotification && state.receivesProtectedDataEvents: state
        case (.background, .send(.backgroundTaskWillExpire)): .background
        default: nil
        }
    }
}
