import FerryCore

/// A managed app's connection as the app manager sees it: events out, and close. The connection
/// layer implements it over its channel and encodes the messages; the manager writes no bytes.
protocol AppLink: Sendable {
    /// The welcome that must precede every event, naming the app.
    func welcome(app: String)
    /// One lifecycle event (its `event` a ``LifecycleEvent``'s name, or `encodeRestorableState`).
    func send(_ event: Envelope<AppEvent>)
    func close()
}
