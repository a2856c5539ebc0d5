/// The device identity could not be loaded or created.
public struct IdentityError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, as a struct over a private enum so cases can be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Kind: String { case unwritable, unreadable, damaged }
        private let kind: Kind
        private init(_ kind: Kind) { self.kind = kind }
        /// The identity folder or a file in it cannot be created or written.
        public static let unwritable = Code(.unwritable)
        /// A file exists but cannot be read.
        public static let unreadable = Code(.unreadable)
        /// A file is not a key or certificate, or the two do not belong together.
        public static let damaged = Code(.damaged)
        public var description: String { kind.rawValue }
    }

    /// What went wrong.
    public var code: Code
    /// The file or folder at fault.
    public var path: String
    /// The reason, in words.
    public var reason: String

    init(_ code: Code, path: String, _ reason: String) {
        self.code = code
        self.path = path
        self.reason = reason
    }

    public var description: String {
        if code == .damaged {
            return "device identity \(path): \(reason); move the identity folder away to make a new identity (peers will have to pair again)"
        }
        return "device identity \(path): \(reason)"
    }
}
