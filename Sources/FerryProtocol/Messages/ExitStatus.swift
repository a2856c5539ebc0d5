/// Ferry's documented exit codes (sysexits-style, so scripts can tell failures apart). The CLI
/// picks them (`FerryExit`), from the ``DaemonReply/Failure`` a failed request carries; ferryd
/// reads them only for its own exit.
public enum ExitStatus {
    /// The answer is no: `can-open` cannot open, `doctor` found problems; an app that is not running.
    public static let no: Int32 = 1
    /// The command line is wrong, or asks for what cannot be done; an ambiguous peer name.
    public static let usage: Int32 = 64
    /// The URL is not valid under RFC 3986.
    public static let invalidURL: Int32 = 65
    /// A file or folder named on the command line does not exist or cannot be read.
    public static let noInput: Int32 = 66
    /// A named bundle identifier is not installed.
    public static let unknownApp: Int32 = 67
    /// No app handles the URL's scheme; peer discovery cannot work.
    public static let noHandler: Int32 = 69
    /// The handler could not be started.
    public static let launchFailed: Int32 = 71
    /// A file or folder could not be written; saved state that cannot be read.
    public static let cannotWrite: Int32 = 73
    /// A send or a pairing failed (a certificate that does not match, a lost connection).
    public static let transferFailed: Int32 = 74
    /// The app failed or timed out while handling the URL.
    public static let appFailed: Int32 = 75
    /// ferryd could not be reached or started.
    public static let unavailable: Int32 = 76
    /// The app declined the URL; the receiver declined or refused a send.
    public static let declined: Int32 = 77
    /// A manifest or Ferry's own config file is malformed.
    public static let badConfiguration: Int32 = 78
    /// Interrupted (SIGINT, SIGTERM) or cancelled, as a shell reports 128 + SIGINT.
    public static let interrupted: Int32 = 130
}
