/// Why ``Application/send(files:url:to:fingerprint:app:)`` or ``Application/availablePeers()``
/// failed.
public struct SendError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure; compare with the static members.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The receiver declined or refused (its mode, trust, limits or space); `ferry send` exits 77.
        public static let declined = Code("declined")
        /// The send failed: a wrong certificate, a lost connection, an unreadable file (74).
        public static let failed = Code("failed")
        /// ferryd could not be reached (76).
        public static let unavailable = Code("unavailable")
        /// The send was cancelled with ``Application/cancelSend(_:)`` or `ferry send --cancel` (130).
        public static let cancelled = Code("cancelled")
        /// No send of that id is running (``Application/cancelSend(_:)``).
        public static let notFound = Code("not-found")

        public var description: String { name }
    }

    /// What kind of failure.
    public var code: Code
    /// One line naming the peer or file at fault and what to do, as `ferry send` prints it.
    public var message: String

    /// Makes an error from its kind and its one-line message.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}

/// What a send delivered.
public struct SendReceipt: Sendable, Equatable {
    /// One file's fate on the receiver.
    public struct Item: Sendable, Equatable {
        /// `delivered`, or `missing` for a file the receiver accepted but did not get.
        public var status: String
        /// The receiving app's bundle id.
        public var app: String
        /// The file's name in that app's Inbox.
        public var name: String
    }

    /// The receiver's name.
    public var peer: String
    public var items: [Item]
}
