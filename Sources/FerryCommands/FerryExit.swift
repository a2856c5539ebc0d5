import ArgumentParser

/// Ferry's documented exit codes (sysexits-style, so scripts can tell failures apart).
public enum FerryExit {
    /// The answer is no: `can-open` cannot open, `doctor` found problems.
    public static let no = ExitCode(1)
    /// The URL is not valid under RFC 3986.
    public static let invalidURL = ExitCode(65)
    /// A named bundle identifier is not installed.
    public static let unknownApp = ExitCode(67)
    /// No app handles the URL's scheme.
    public static let noHandler = ExitCode(69)
    /// Peer discovery cannot work: avahi-daemon is not running, or announcing failed.
    public static let discoveryUnavailable = ExitCode(69)
    /// The command line is wrong (a malformed HOST:PORT, say), or asks for what cannot be done
    /// (`default` of a reserved scheme, or with an app that does not declare the scheme).
    public static let usage = ExitCode(64)
    /// A file or folder named on the command line does not exist or cannot be read.
    public static let noInput = ExitCode(66)
    /// The handler could not be started.
    public static let launchFailed = ExitCode(71)
    /// ferryd could not be reached or started.
    public static let unavailable = ExitCode(76)
    /// The app failed or timed out while handling the URL.
    public static let appFailed = ExitCode(75)
    /// The app declined the URL in willFinishLaunching or didFinishLaunching.
    public static let declined = ExitCode(77)
    /// A file or folder could not be written.
    public static let cannotWrite = ExitCode(73)
    /// A send or a pairing failed (a certificate that does not match, a lost connection).
    public static let transferFailed = ExitCode(74)
    /// `ferry send` was interrupted (SIGINT, SIGTERM) or cancelled with `ferry send --cancel`.
    public static let interrupted = ExitCode(130)
    /// A manifest or Ferry's own config file is malformed.
    public static let badConfiguration = ExitCode(78)
}

/// A failure a command reports in one line on stderr, with the exit code that goes with it.
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    var exit: ExitCode

    var description: String { message }
}
