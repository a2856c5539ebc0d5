import ArgumentParser
import FerryCore

/// Ferry's documented exit codes as argument-parser's `ExitCode`s; the numbers are ``ExitStatus``'s.
public enum FerryExit {
    /// The answer is no: `can-open` cannot open, `doctor` found problems.
    public static let no = ExitCode(ExitStatus.no)
    /// The URL is not valid under RFC 3986.
    public static let invalidURL = ExitCode(ExitStatus.invalidURL)
    /// A named bundle identifier is not installed.
    public static let unknownApp = ExitCode(ExitStatus.unknownApp)
    /// No app handles the URL's scheme.
    public static let noHandler = ExitCode(ExitStatus.noHandler)
    /// Peer discovery cannot work: avahi-daemon is not running, or announcing failed.
    public static let discoveryUnavailable = ExitCode(ExitStatus.noHandler)
    /// The command line is wrong (a malformed HOST:PORT, say), or asks for what cannot be done
    /// (`default` of a reserved scheme, or with an app that does not declare the scheme).
    public static let usage = ExitCode(ExitStatus.usage)
    /// A file or folder named on the command line does not exist or cannot be read.
    public static let noInput = ExitCode(ExitStatus.noInput)
    /// The handler could not be started.
    public static let launchFailed = ExitCode(ExitStatus.launchFailed)
    /// ferryd could not be reached or started.
    public static let unavailable = ExitCode(ExitStatus.unavailable)
    /// The app failed or timed out while handling the URL.
    public static let appFailed = ExitCode(ExitStatus.appFailed)
    /// The app declined the URL in willFinishLaunching or didFinishLaunching.
    public static let declined = ExitCode(ExitStatus.declined)
    /// A file or folder could not be written.
    public static let cannotWrite = ExitCode(ExitStatus.cannotWrite)
    /// A send or a pairing failed (a certificate that does not match, a lost connection).
    public static let transferFailed = ExitCode(ExitStatus.transferFailed)
    /// `ferry send` was interrupted (SIGINT, SIGTERM) or cancelled with `ferry send --cancel`.
    public static let interrupted = ExitCode(ExitStatus.interrupted)
    /// A manifest or Ferry's own config file is malformed.
    public static let badConfiguration = ExitCode(ExitStatus.badConfiguration)
}

/// A failure a command reports in one line on stderr, with the exit code that goes with it.
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    var exit: ExitCode
    /// ferryd ended the connection before it answered (it stopped, or was killed): the command
    /// may say what that means for what it was doing.
    var daemonLost = false

    var description: String { message }
}
