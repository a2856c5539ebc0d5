#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `FERRY_…` variables ferryd starts a managed app with.
public struct LaunchEnvironment: Sendable, Equatable {
    /// `FERRY_SOCKET`: the daemon's socket, to connect back to.
    public var socketPath: String
    /// `FERRY_LAUNCH_TOKEN`: proves to ferryd which launch this process is.
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

    /// Reads the variables through `variable`.
    ///
    /// - Parameter variable: Looks up one environment variable; empty counts as unset.
    /// - Throws: ``ApplicationError`` `notStartedByFerry`, naming what is missing.
    public init(_ variable: (String) -> String?) throws(ApplicationError) {
        func value(_ name: String) -> String? { variable(name).flatMap { $0.isEmpty ? nil : $0 } }
        guard let socket = value("FERRY_SOCKET"), let token = value("FERRY_LAUNCH_TOKEN") else {
            throw ApplicationError(.notStartedByFerry, "not started by ferryd (FERRY_SOCKET or FERRY_LAUNCH_TOKEN is not set); "
                + "install the app and open one of its URLs with 'ferry open URL'")
        }
        var parts: [String] = []
        for name in ["FERRY_BUNDLE_ID", "FERRY_CONTAINER", "FERRY_DOCUMENTS"] {
            guard let part = value(name) else {
                throw ApplicationError(.notStartedByFerry, "\(name) is not set; ferryd sets it when it launches the app")
            }
            parts.append(part)
        }
        self.init(socketPath: socket, launchToken: token, bundleIdentifier: parts[0],
                  containerDirectory: parts[1], documentsDirectory: parts[2])
    }

    /// The process's own environment.
    ///
    /// - Throws: ``ApplicationError`` `notStartedByFerry` when a variable is missing.
    public static func current() throws(ApplicationError) -> LaunchEnvironment {
        try LaunchEnvironment { name in getenv(name).map { String(cString: $0) } }
    }
}
