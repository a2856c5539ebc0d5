#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `FERRY_…` variables ferryd starts a managed app with, and the launch token it passes.
public struct LaunchEnvironment: Sendable, Equatable {
    /// `FERRY_SOCKET`: the daemon's socket, to connect back to.
    public var socketPath: String
    /// The launch token, read from the pipe `FERRY_LAUNCH_TOKEN_FD` names: proves to ferryd which
    /// launch this process is.
    public var launchToken: String
    /// `FERRY_BUNDLE_ID`.
    public var bundleIdentifier: String
    /// `FERRY_CONTAINER`.
    public var containerDirectory: String
    /// `FERRY_DOCUMENTS`.
    public var documentsDirectory: String

    /// Makes an environment from its parts.
    public init(socketPath: String, launchToken: String, bundleIdentifier: String,
                containerDirectory: String, documentsDirectory: String) {
        self.socketPath = socketPath
        self.launchToken = launchToken
        self.bundleIdentifier = bundleIdentifier
        self.containerDirectory = containerDirectory
        self.documentsDirectory = documentsDirectory
    }

    /// Reads the variables through `variable` and the launch token from the descriptor named by
    /// `FERRY_LAUNCH_TOKEN_FD`.
    ///
    /// - Parameters:
    ///   - variable: Looks up one environment variable; empty counts as unset.
    ///   - token: Reads the token from a descriptor; nil reads it to its end and closes it, so
    ///     only the first call in a process succeeds.
    /// - Throws: ``ApplicationError`` `notStartedByFerry`, naming what is missing.
    public init(_ variable: (String) -> String?, token: ((Int32) -> String?)? = nil) throws(ApplicationError) {
        func value(_ name: String) -> String? { variable(name).flatMap { $0.isEmpty ? nil : $0 } }
        guard let socket = value("FERRY_SOCKET"), let descriptor = value("FERRY_LAUNCH_TOKEN_FD") else {
            throw ApplicationError(.notStartedByFerry, "not started by ferryd (FERRY_SOCKET or FERRY_LAUNCH_TOKEN_FD is not set); "
                + "install the app and open one of its URLs with 'ferry open URL'")
        }
        guard let fd = Int32(descriptor), fd >= 0, let launchToken = (token ?? InheritedToken.take)(fd) else {
            throw ApplicationError(.notStartedByFerry, "FERRY_LAUNCH_TOKEN_FD=\(descriptor) holds no launch token "
                + "(read already, or not a descriptor ferryd passed); open one of the app's URLs with 'ferry open URL'")
        }
        var parts: [String] = []
        for name in ["FERRY_BUNDLE_ID", "FERRY_CONTAINER", "FERRY_DOCUMENTS"] {
            guard let part = value(name) else {
                throw ApplicationError(.notStartedByFerry, "\(name) is not set; ferryd sets it when it launches the app")
            }
            parts.append(part)
        }
        self.init(socketPath: socket, launchToken: launchToken, bundleIdentifier: parts[0],
                  containerDirectory: parts[1], documentsDirectory: parts[2])
    }

    /// The process's own environment and inherited token pipe; only the first call in a process
    /// succeeds, since it reads the pipe to its end and closes it.
    ///
    /// - Throws: ``ApplicationError`` `notStartedByFerry` when a variable or the token is missing.
    public static func current() throws(ApplicationError) -> LaunchEnvironment {
        try LaunchEnvironment { name in getenv(name).map { String(cString: $0) } }
    }
}
