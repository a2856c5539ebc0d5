/// What ferryd's command line asks for. ferryd takes no other arguments: anything else is refused
/// before a socket, a port or a log is opened, so `ferryd --help` never starts a daemon.
enum DaemonArguments: Equatable {
    /// Run the daemon, logging at debug (`-v`) or warning (`-q`) level, or the default.
    case run(verbose: Bool, quiet: Bool)
    /// `ferry unlock`'s helper (`--unlock`, first and alone).
    case unlock
    case help
    case version
    /// An argument ferryd does not know; it exits 64 (EX_USAGE).
    case unknown(String)

    /// The action `arguments` (without the program name) ask for.
    static func parse(_ arguments: [String]) -> DaemonArguments {
        if arguments.first == "--unlock" && arguments.count == 1 { return .unlock }
        var verbose = false, quiet = false
        for argument in arguments {
            switch argument {
            case "-h", "--help": return .help
            case "--version": return .version
            case "-v", "--verbose": verbose = true
            case "-q", "--quiet": quiet = true
            default: return .unknown(argument)
            }
        }
        return .run(verbose: verbose, quiet: quiet)
    }

    static let hint = "usage: ferryd [--verbose | --quiet]; see ferryd --help"

    static let usage = """
        usage: ferryd [--verbose | --quiet]
               ferryd --version | --help

        The per-user Ferry daemon: serves `ferry` on a Unix socket, starts and stops managed apps,
        follows the session lock, and receives files on the LAN. `ferry` starts it on demand; `ferry
        daemon --install-service` installs it as a systemd user service.

          -v, --verbose   log at debug level
          -q, --quiet     log warnings and errors only
          --version       print the version and exit
          -h, --help      print this and exit

        Environment (see the README for every variable):
          FERRY_SOCKET                 the socket (default $XDG_RUNTIME_DIR/ferryd.sock)
          FERRY_APPS_PATH              app folders, colon-separated (default the XDG data folders)
          FERRY_SCHEMES_DIR            the built-in scheme declarations
          XDG_DATA_HOME, XDG_STATE_HOME, XDG_CONFIG_HOME, XDG_DATA_DIRS
          FERRY_LOG_LEVEL              trace, debug, info (default), notice, warning, error
          FERRY_TRANSFER_PORT, FERRY_TRANSFER_HOST
                                       the file-transfer listener (default 0.0.0.0:47120; off)
          FERRY_LOCALSEND_PORT         LocalSend's HTTPS port (default 53317; off)
          FERRY_DISCOVERY              off: announce and browse nothing on the LAN
          FERRY_RECEIVING              contacts (default), everyone, off
          FERRY_NOTIFICATIONS          off: no desktop notifications
          FERRY_SESSION_LOCK           off: do not follow logind's session lock
          FERRY_PROTECTION_GRACE       seconds from a lock until the class keys go (default 10)

        """
}
