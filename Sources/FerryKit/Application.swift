import FerryProtocol
import FoundationEssentials

/// The running app as it sees itself: who it is, where its files go, and its lifecycle state.
///
/// ``FerryApplication/main(_:)`` makes one and passes it to every ``ApplicationDelegate`` method.
/// It belongs to the thread that runs the event loop, so it is not `Sendable`.
public final class Application {
    /// The app's bundle identifier (`CFBundleIdentifier`).
    public let bundleIdentifier: String
    /// The app's own folder, which ferryd created for it.
    public let containerDirectory: String
    /// The `Documents` folder inside the container, for the user's data; it exists at launch.
    public let documentsDirectory: String
    /// ferryd's socket, for requests of the app's own (``send(files:url:to:fingerprint:app:)``).
    public let socketPath: String?
    /// What the app was launched with; empty until `willFinishLaunching` arrives.
    public internal(set) var launchOptions = LaunchOptions()
    /// The same UUID for every app of this app's vendor (its bundle identifier without the last
    /// component, or `FerryVendorIdentifier`), for this user on this machine; a new one once the
    /// vendor's last app is uninstalled. From ferryd's welcome; nil when it sent none.
    public internal(set) var identifierForVendor: UUID?
    /// Restoration classes and factories, and this launch's saved state (see ``RestorationDelegate``).
    public let restoration = ApplicationRestoration()
    /// The open background tasks; safe to take to another thread to end a task there.
    public let backgroundTasks = BackgroundTasks()
    /// The lifecycle as the events received so far describe it.
    var lifecycle = AppLifecycle()
    /// Protected data's availability as the last protection event said; nil before any.
    var protectedDataKnown: Bool?

    /// The app's state as far as it knows: the events received so far decide it.
    ///
    /// As in UIKit, an event named `did…` changes the state before its delegate method runs and one
    /// named `will…` after, so `applicationWillResignActive` still sees `active`.
    public var state: AppState { lifecycle.appState }

    /// Makes the application of a process ferryd has just started (state `inactive`).
    ///
    /// - Parameters:
    ///   - bundleIdentifier: `FERRY_BUNDLE_ID`.
    ///   - containerDirectory: `FERRY_CONTAINER`.
    ///   - documentsDirectory: `FERRY_DOCUMENTS`.
    ///   - socketPath: ferryd's socket (`FERRY_SOCKET`); nil leaves sending unavailable.
    public init(bundleIdentifier: String, containerDirectory: String, documentsDirectory: String, socketPath: String? = nil) {
        self.bundleIdentifier = bundleIdentifier
        self.containerDirectory = containerDirectory
        self.documentsDirectory = documentsDirectory
        self.socketPath = socketPath
        try? lifecycle.apply(.spawn)
    }

    /// Makes the application described by the environment ferryd started the process with.
    public convenience init(environment: LaunchEnvironment) {
        self.init(bundleIdentifier: environment.bundleIdentifier, containerDirectory: environment.containerDirectory,
                  documentsDirectory: environment.documentsDirectory, socketPath: environment.socketPath)
    }
}

@available(*, unavailable)
extension Application: Sendable {}
