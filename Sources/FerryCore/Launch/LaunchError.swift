/// A handler that could not be started, naming the app and the program at fault.
public struct LaunchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The app that failed to start.
    public var bundleIdentifier: String
    /// What went wrong and what to do.
    public var reason: String

    public init(bundleIdentifier: String, reason: String) {
        self.bundleIdentifier = bundleIdentifier
        self.reason = reason
    }

    public var description: String { "\(bundleIdentifier) failed to start: \(reason)" }
}
