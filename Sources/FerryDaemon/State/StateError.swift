/// Why a saved state archive could not be written or read.
struct StateError: Error, Sendable, Equatable, CustomStringConvertible {
    struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Kind: Hashable, Sendable { case damaged, key, io, invalidApp }
        private let kind: Kind
        private init(_ kind: Kind) { self.kind = kind }

        /// The archive fails authentication, is truncated, or is not a Ferry archive.
        static let damaged = Code(.damaged)
        /// The per-user key cannot be read or created.
        static let key = Code(.key)
        /// A file-system call failed.
        static let io = Code(.io)
        /// The bundle identifier cannot name a file.
        static let invalidApp = Code(.invalidApp)

        var description: String {
            switch kind {
            case .damaged: "damaged"
            case .key: "key"
            case .io: "io"
            case .invalidApp: "invalid-app"
            }
        }
    }

    var code: Code
    /// One line naming the file at fault and what to do.
    var message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    var description: String { message }
}
