/// A LocalSend request refused, or a send that failed: the HTTP status the spec gives it and one
/// line naming what is at fault.
public struct LocalSendError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The HTTP status (§4: 400 bad body, 401 PIN, 403 refused, 409 blocked, 429 too many requests).
    public var status: Int
    public var message: String
    /// Seconds the client should wait before asking again (429, 503): sent as `Retry-After`.
    public var retryAfter: Int?

    public init(_ status: Int, _ message: String, retryAfter: Int? = nil) {
        self.status = status
        self.message = message
        self.retryAfter = retryAfter
    }

    public var description: String { message }

    static func badRequest(_ message: String) -> LocalSendError { LocalSendError(400, message) }
    static func forbidden(_ message: String) -> LocalSendError { LocalSendError(403, message) }
    static func conflict(_ message: String) -> LocalSendError { LocalSendError(409, message) }
}
