/// A failure talking to a D-Bus peer: no bus, a refused connection, an error reply, a message that
/// could not be built or read.
public struct DBusError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure; a struct over a private enum so that kinds can be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case noBus, connect, remote, invalidArgument, decode, closed, io
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// No bus address is known (no session bus in this environment).
        public static let noBus = Code(.noBus)
        /// The bus at the address could not be reached.
        public static let connect = Code(.connect)
        /// The peer answered with a D-Bus error (see `remoteName`).
        public static let remote = Code(.remote)
        /// A value could not be put into a message (a string with NUL, a bad signature).
        public static let invalidArgument = Code(.invalidArgument)
        /// A message could not be read into values.
        public static let decode = Code(.decode)
        /// The connection is closed or was lost.
        public static let closed = Code(.closed)
        /// Sending or receiving on the connection failed.
        public static let io = Code(.io)

        public var description: String { base.rawValue }
    }

    public var code: Code
    /// One line naming what failed and, where it helps, what to do.
    public var message: String
    /// The D-Bus error name for `remote` errors, e.g. `org.freedesktop.DBus.Error.ServiceUnknown`.
    public var remoteName: String?

    /// - Parameters:
    ///   - code: the kind of failure.
    ///   - message: one line naming the bus, peer or value at fault.
    ///   - remoteName: the D-Bus error name the peer sent, if any.
    public init(_ code: Code, _ message: String, remoteName: String? = nil) {
        self.code = code
        self.message = message
        self.remoteName = remoteName
    }

    public var description: String {
        remoteName.map { "\(message) (\($0))" } ?? message
    }
}
