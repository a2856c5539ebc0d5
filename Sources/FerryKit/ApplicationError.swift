import FerryProtocol

/// Why a managed app could not run its event loop, with the exit status its process ends with.
public struct ApplicationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure; compare with the static members.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Kind: Hashable, Sendable {
            case notStartedByFerry, cannotConnect, refused, protocolViolation
        }

        private let kind: Kind
        private init(_ kind: Kind) { self.kind = kind }

        /// The process was not started by ferryd: its environment lacks a `FERRY_…` variable.
        public static let notStartedByFerry = Code(.notStartedByFerry)
        /// ferryd's socket could not be reached.
        public static let cannotConnect = Code(.cannotConnect)
        /// ferryd sent an `error` frame (`unknown-token` in answer to `hello`, say) and closed the connection.
        public static let refused = Code(.refused)
        /// ferryd sent something an app cannot answer: a malformed frame, or no `welcome`.
        public static let protocolViolation = Code(.protocolViolation)

        public var description: String {
            switch kind {
            case .notStartedByFerry: "not-started-by-ferry"
            case .cannotConnect: "cannot-connect"
            case .refused: "refused"
            case .protocolViolation: "protocol-violation"
            }
        }

        /// The process's exit status for this failure (sysexits.h).
        public var exitStatus: Int32 {
            switch kind {
            case .notStartedByFerry: 78  // EX_CONFIG
            case .cannotConnect: 69  // EX_UNAVAILABLE
            case .refused, .protocolViolation: 76  // EX_PROTOCOL
            }
        }
    }

    /// What kind of failure.
    public var code: Code
    /// One line for a person: what went wrong and what to do.
    public var message: String
    /// The protocol error behind it, if any.
    public var cause: WireError?

    /// Makes an error.
    ///
    /// - Parameters:
    ///   - code: What kind of failure.
    ///   - message: One line for a person, naming the variable, socket or frame at fault.
    ///   - cause: The protocol error behind it.
    public init(_ code: Code, _ message: String, cause: WireError? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
    }

    /// The process's exit status for this failure.
    public var exitStatus: Int32 { code.exitStatus }

    public var description: String { message }
}

extension ApplicationError {
    /// ferryd's `error` frame, as a failure.
    ///
    /// - Parameter handshake: Whether it answered `hello` (a refusal) or came later.
    static func refused(_ failure: Handshake.Failure, handshake: Bool = false) -> ApplicationError {
        let what = handshake ? "ferryd refused the app" : "ferryd reported an error"
        return ApplicationError(.refused, "\(what): \(failure.code): \(failure.message ?? "no reason given")")
    }
}
