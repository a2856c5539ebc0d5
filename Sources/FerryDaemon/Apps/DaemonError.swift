/// Why ferryd could not do what a client asked, with the CLI exit code that goes with it.
struct DaemonError: Error, CustomStringConvertible {
    var message: String
    /// The `ferry` exit code: 65 invalid URL, 67 unknown app, 69 no handler, 71 failed to start,
    /// 75 the app failed or timed out while handling.
    var exitCode: Int32

    var description: String { message }

    static func failedToStart(_ message: String) -> DaemonError { DaemonError(message: message, exitCode: 71) }
    static func appFailed(_ message: String) -> DaemonError { DaemonError(message: message, exitCode: 75) }
}
