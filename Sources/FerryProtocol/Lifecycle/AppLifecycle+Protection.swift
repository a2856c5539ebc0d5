extension LifecycleEvent {
    /// `protectedDataWillBecomeUnavailable` or `protectedDataDidBecomeAvailable`.
    public var isProtectedDataEvent: Bool {
        self == .protectedDataWillBecomeUnavailable || self == .protectedDataDidBecomeAvailable
    }
}

extension LifecycleEvent {
    /// The notifications a suspended app gets on resume, coalesced (docs/app-services.md): the
    /// protected-data events and the three system notifications.
    public var isQueuedNotification: Bool {
        switch self {
        case .protectedDataWillBecomeUnavailable, .protectedDataDidBecomeAvailable,
             .significantTimeChange, .currentLocaleDidChange, .userDefaultsDidChange: true
        default: false
        }
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

    /// Whether a queued notification goes out now (the app runs code) rather than waiting for
    /// the app's resume (it is suspended); nil when it is dropped (not running, or terminating).
    public var deliversNotificationsNow: Bool? {
        switch state {
        case .launching, .inactive, .active, .background: true
        case .suspended: false
        case .notRunning, .terminating: nil
        }
    }
}
