/// Why state could not be saved or restored.
public struct RestorationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure; compare with the static members.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Kind: Hashable, Sendable {
            case duplicatePath, invalidIdentifier, damagedArchive, tooLarge
        }

        private let kind: Kind
        private init(_ kind: Kind) { self.kind = kind }

        /// Two objects have the same restoration path.
        public static let duplicatePath = Code(.duplicatePath)
        /// An identifier is empty or contains `/`.
        public static let invalidIdentifier = Code(.invalidIdentifier)
        /// The archive's bytes cannot be read.
        public static let damagedArchive = Code(.damagedArchive)
        /// The archive is larger than ferryd keeps.
        public static let tooLarge = Code(.tooLarge)

        public var description: String {
            switch kind {
            case .duplicatePath: "duplicate-path"
            case .invalidIdentifier: "invalid-identifier"
            case .damagedArchive: "damaged-archive"
            case .tooLarge: "too-large"
            }
        }
    }

    /// What kind of failure.
    public var code: Code
    /// One line for a person, naming the path or byte at fault.
    public var message: String

    /// Makes an error.
    ///
    /// - Parameters:
    ///   - code: What kind of failure.
    ///   - message: One line naming the path or byte at fault.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
