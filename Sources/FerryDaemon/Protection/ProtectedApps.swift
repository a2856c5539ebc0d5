import FerryCore

/// All data protection knows of the apps: it tells them that protected data goes or came back,
/// and opens the files it held for a locked Inbox once they are delivered. The app manager
/// answers; tests give a recorder. Protection never holds the manager itself.
protocol ProtectedApps: Sendable {
    /// Tells every app that runs code about `event`; suspended apps are not woken for it.
    /// - Returns: How many apps answered.
    func protectedDataEvent(_ event: LifecycleEvent) async -> Int

    /// Opens `url` in `app` (or the handler of its scheme) as a received file is opened.
    /// - Returns: Whether the app took the URL.
    func openForTransfer(_ url: String, app: String?, source: String) async -> Bool
}
