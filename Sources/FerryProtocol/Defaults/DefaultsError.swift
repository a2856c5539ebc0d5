/// A defaults domain (or the vendor identifiers) that cannot be read or written: the file at
/// fault and why, in one line.
public struct DefaultsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong; a struct over a private enum, so codes can be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable { case unreadable, notAPropertyList, notADictionary, cannotWrite }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The file exists but cannot be read.
        public static let unreadable = Code(.unreadable)
        /// The file is not an XML or binary property list.
        public static let notAPropertyList = Code(.notAPropertyList)
        /// The file is a property list whose root is not a dictionary.
        public static let notADictionary = Code(.notADictionary)
        /// The file (or its folder) cannot be written.
        public static let cannotWrite = Code(.cannotWrite)

        public var description: String { value.rawValue }
    }

    public var code: Code
    /// The file at fault.
    public var path: String
    /// One line for people, naming the file.
    public var message: String

    public init(_ code: Code, path: String, _ message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    public var description: String { message }
}
