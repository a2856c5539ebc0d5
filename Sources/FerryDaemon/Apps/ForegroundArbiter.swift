import FerryCore

/// Decides which app is in the foreground and who makes way: one app comes forward at a time
/// (its ``turn``, first come, first served), and the app in front resigns when another comes.
/// A value the app manager owns and asks; its decisions are tested without processes
/// (ForegroundArbiterTests).
struct ForegroundArbiter {
    /// The app in the foreground, if any.
    private(set) var current: String?
    /// Only one app comes forward at a time.
    let turn = FIFOLock()

    /// Whether an open of `app`, now in `state`, must take the foreground turn: it does unless
    /// it opens in the background or the app is already active in front.
    func needsTurn(_ app: String, state: AppLifecycle.State, background: Bool) -> Bool {
        !background && !(state == .active && current == app)
    }

    /// The app that must resign before `app` comes forward, if any.
    func mustResign(before app: String, background: Bool) -> String? {
        guard !background, let current, current != app else { return nil }
        return current
    }

    /// `app` became active: it is in front now.
    mutating func becameActive(_ app: String) {
        current = app
    }

    /// `app` left the foreground: it resigned, or its process exited.
    mutating func left(_ app: String) {
        if current == app { current = nil }
    }
}
