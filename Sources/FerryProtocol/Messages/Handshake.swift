/// The frames that open (or refuse) a connection; the same shape in every protocol version.
public enum Handshake: Sendable, Equatable {
    /// The protocol version this build speaks (and sends in `hello`). 3: typed failures instead
    /// of exit codes in results; version 1 is no longer served.
    public static let protocolVersion = 3
    /// Every version a daemon of this build accepts in `hello`: 2 differs from 3 only in the
    /// `exitCode` of a failed result, which 3 names as a `failure` (apps never read it).
    public static let acceptedVersions: ClosedRange<Int> = 2...3

    /// The first frame of a client or an app.
    case hello(Hello)
    /// The daemon's answer to an accepted `hello`.
    case welcome(Welcome)
    /// A refusal or a protocol failure; the connection closes after it.
    case error(Failure)

    /// `hello`: the version the peer speaks and who it is.
    public struct Hello: Codable, Sendable, Equatable {
        public var `protocol`: Int
        /// `client` or `app`.
        public var role: Role
        /// An app's launch token (required for `app`).
        public var token: String?
        /// An app that opts in to state preservation.
        public var restoration: Bool?

        public init(protocol version: Int, role: Role, token: String? = nil, restoration: Bool? = nil) {
            self.protocol = version
            self.role = role
            self.token = token
            self.restoration = restoration
        }
    }

    /// `welcome`: the version the daemon will speak on this connection.
    public struct Welcome: Codable, Sendable, Equatable {
        public var `protocol`: Int
        public var server: String?
        /// The app this connection is bound to (apps only).
        public var bundleId: String?
        /// The app's `identifierForVendor` (apps only): a UUID shared by the apps of one vendor
        /// for this user on this machine. Only this socket carries it, never the network.
        public var identifierForVendor: String?

        public init(protocol version: Int, server: String?, bundleId: String? = nil, identifierForVendor: String? = nil) {
            self.protocol = version
            self.server = server
            self.bundleId = bundleId
            self.identifierForVendor = identifierForVendor
        }
    }

    /// `error`: a machine-readable code and one line for people.
    public struct Failure: Codable, Sendable, Equatable {
        public var code: String
        public var message: String?

        public init(code: String, message: String?) {
            self.code = code
            self.message = message
        }
    }
}
