import FerryCore

/// A managed app's connection as the app manager sees it: events out, and close. The connection
/// layer implements it over its channel and encodes the frames; the manager writes no bytes.
protocol AppLink: Sendable {
    /// The welcome that must precede every event, naming the app.
    func welcome(app: String)
    func send(_ event: AppEventMessage)
    func close()
}

/// One lifecycle event to an app.
struct AppEventMessage: Sendable {
    var id: Int
    /// A ``LifecycleEvent``'s name, or `encodeRestorableState`.
    var event: String
    var url: String?
    var options: WireFrame.LaunchOptions?
    /// willFinishLaunching: the saved state waiting at `FERRY_STATE_FD`.
    var archive: WireFrame.ArchiveInfo?
}
