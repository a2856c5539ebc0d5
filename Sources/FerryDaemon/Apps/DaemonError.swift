/// Why ferryd could not do what a client asked. The code says what kind of failure it is; the
/// connection layer turns it into the protocol's `exitCode` — the app manager picks no exit codes.
struct DaemonError: Error, Sendable, CustomStringConvertible {
    struct Code: Hashable, Sendable {
        private enum Kind: Hashable, Sendable {
            case invalidURL, unknownApp, noHandler, failedToStart, appFailed, notRunning, invalidApp, stateFailed
        }
        private let kind: Kind
        private init(_ kind: Kind) { self.kind = kind }

        /// The URL does not parse.
        static let invalidURL = Code(.invalidURL)
        /// No app with the bundle identifier asked for is installed.
        static let unknownApp = Code(.unknownApp)
        /// No installed app handles the URL's scheme.
        static let noHandler = Code(.noHandler)
        /// The app could not be started.
        static let failedToStart = Code(.failedToStart)
        /// The app failed, timed out or went away while handling; or the request was cancelled.
        static let appFailed = Code(.appFailed)
        /// The app is not running (quit, kill).
        static let notRunning = Code(.notRunning)
        /// The bundle identifier cannot name a file (saved state).
        static let invalidApp = Code(.invalidApp)
        /// Saved state could not be read.
        static let stateFailed = Code(.stateFailed)
    }

    var code: Code
    /// One line naming the app, URL or file at fault and what to do.
    var message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    var description: String { message }

    static func failedToStart(_ message: String) -> DaemonError { DaemonError(.failedToStart, message) }
    static func appFailed(_ message: String) -> DaemonError { DaemonError(.appFailed, message) }
}
