/// The five states of an app, as iOS names them.
public enum AppState: String, Sendable, Equatable, CaseIterable {
    /// Never launched, or terminated.
    case notRunning = "not-running"
    /// In the foreground but not receiving events: launching, or between active and background.
    case inactive
    /// In the foreground, receiving events.
    case active
    /// Running code, not in the foreground.
    case background
    /// In memory, executing no code: stopped by the daemon without being told.
    case suspended
}

/// The delegate events the daemon sends a managed app, named as on the wire.
public enum LifecycleEvent: String, Sendable, Equatable, CaseIterable {
    case willFinishLaunching, didFinishLaunching, didBecomeActive, willResignActive
    case didEnterBackground, willEnterForeground, willTerminate, open, didReceiveMemoryWarning
    /// Data protection (UIKit's names): at lock, before the class keys go; after unlock.
    case protectedDataWillBecomeUnavailable, protectedDataDidBecomeAvailable
    /// A background task's time is nearly out: the event's `task` names it (docs/app-services.md).
    case backgroundTaskWillExpire
    /// Midnight passed, the clock was set or the time zone changed; queued while suspended.
    case significantTimeChange
    /// The user's locale changed; queued while suspended.
    case currentLocaleDidChange
    /// The app's defaults were changed from outside it; queued while suspended.
    case userDefaultsDidChange

    /// Whether the app's boolean answer matters (the launch events and `open`).
    public var hasAnswer: Bool {
        self == .willFinishLaunching || self == .didFinishLaunching || self == .open
    }
}
