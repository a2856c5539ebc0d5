/// A transfer refused or failed, on either side; the code travels in error bodies.
public struct TransferError: Error, Sendable, CustomStringConvertible, Equatable {
    /// What went wrong, as a struct over a private enum so cases can be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private let http: Int
        private init(_ name: String, _ http: Int) {
            self.name = name
            self.http = http
        }

        /// The receiver's mode is Off.
        public static let receivingOff = Code("receiving-off", 403)
        /// Contacts only, and the sender is not a trusted peer.
        public static let notAContact = Code("not-a-contact", 403)
        /// The user (or an expired wait) declined the offer.
        public static let declined = Code("declined", 403)
        /// The offer or upload is malformed.
        public static let badRequest = Code("bad-request", 400)
        /// Too many files, or too many bytes.
        public static let tooLarge = Code("too-large", 413)
        /// Not enough free space, keeping the reserve.
        public static let noSpace = Code("no-space", 507)
        /// No such offer or file.
        public static let notFound = Code("not-found", 404)
        /// The upload does not start at the offset the receiver holds.
        public static let offsetMismatch = Code("offset-mismatch", 409)
        /// The uploaded bytes do not hash to the offered SHA-256.
        public static let hashMismatch = Code("hash-mismatch", 422)
        /// This sender has as many requests open as it may; it should wait (Retry-After).
        public static let tooMany = Code("too-many", 429)
        /// The receiver is at a limit shared by every sender; try again later (Retry-After).
        public static let busy = Code("busy", 503)
        /// The peer's certificate is not the one expected (possible man in the middle).
        public static let wrongPeer = Code("wrong-peer", 495)
        /// The connection or a file operation failed.
        public static let failed = Code("failed", 500)

        /// The HTTP status that carries this code.
        public var httpStatus: Int { http }
        public var description: String { name }

        /// The code named in an error body; unknown names read as ``failed``.
        public init(name: String) {
            let all: [Code] = [.receivingOff, .notAContact, .declined, .badRequest, .tooLarge, .noSpace,
                               .notFound, .offsetMismatch, .hashMismatch, .tooMany, .busy, .wrongPeer, .failed]
            self = all.first { $0.name == name } ?? .failed
        }
    }

    public var code: Code
    /// One line naming the thing at fault and what to do.
    public var message: String
    /// For ``Code/offsetMismatch``: the receiver's offset.
    public var offset: UInt64?
    /// For ``Code/tooMany`` and ``Code/busy``: seconds to wait before asking again (the
    /// response's `Retry-After`).
    public var retryAfter: Int?

    public init(_ code: Code, _ message: String, offset: UInt64? = nil, retryAfter: Int? = nil) {
        self.code = code
        self.message = message
        self.offset = offset
        self.retryAfter = retryAfter
    }

    public var description: String { message }

    var body: ErrorBody { ErrorBody(code: code.description, message: message, offset: offset) }
}
