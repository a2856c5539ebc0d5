/// Why a file could not be moved out of the Inbox.
public struct InboxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure; compare with the static members.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The name is empty, absolute, or climbs out of the Inbox with `..`.
        public static let invalidName = Code("invalid-name")
        /// Nothing by that name is in the Inbox.
        public static let notFound = Code("not-found")
        /// The file system refused the move.
        public static let failed = Code("failed")

        public var description: String { name }
    }

    /// What kind of failure.
    public var code: Code
    /// One line naming the file and what to do.
    public var message: String

    /// Makes an error from its kind and its one-line message.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
