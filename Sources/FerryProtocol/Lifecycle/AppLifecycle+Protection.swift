extension LifecycleEvent {
    /// `protectedDataWillBecomeUnavailable` or `protectedDataDidBecomeAvailable`.
    public var isProtectedDataEvent: Bool {
        self == .protectedDataWillBecomeUnavailable || self == .protectedDataDidBecomeAvailable
    }
}

extension AppLifecycle.State {
    /// Apps that run code hear about data protection; a suspended app does not (as on iOS).
    var receivesProtectedDataEvents: Bool {
        switch self {
        case .launching, .inactive, .active, .background: true
        case .notRunning, .suspended, .terminating: false
        }
    }
}

extension AppLifecycle {
    /// The steps of a lock or unlock: the event for a running app, nothing otherwise.
    public func planProtectedData(_ event: LifecycleEvent) -> [Step] {
        event.isProtectedDataEvent && state.receivesProtectedDataEvents ? [.send(event)] : []
    }
}
