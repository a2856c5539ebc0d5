import FerryProtocol

/// What comes with a URL: the URL itself, the app that sent it, and the sender's annotation.
///
/// The launch options of a cold launch (`willFinishLaunching`, `didFinishLaunching`), and the options
/// of every `open`.
public struct LaunchOptions: Sendable, Equatable {
    /// The URL the app was launched or asked to open for; nil for a launch without one.
    public var url: AppURL?
    /// The bundle identifier of the sender (`ferry open --source`), when it said.
    public var sourceApplication: String?
    /// Whatever the sender attached (`ferry open --annotation`).
    public var annotation: String?

    /// Makes launch options; all parts are optional.
    public init(url: AppURL? = nil, sourceApplication: String? = nil, annotation: String? = nil) {
        self.url = url
        self.sourceApplication = sourceApplication
        self.annotation = annotation
    }

    /// The options an event carries.
    init(_ wire: AppEvent.LaunchOptions?) {
        self.init(url: wire?.url.map(AppURL.init), sourceApplication: wire?.sourceApplication,
                  annotation: wire?.annotation)
    }
}
