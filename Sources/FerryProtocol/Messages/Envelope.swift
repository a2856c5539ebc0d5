/// A message numbered for its answers: a request and its results and progress, an app event and
/// its reply and state chunks carry the same `id`, kept here once, outside their bodies.
///
/// On the wire `id` is a member of the body's object, right after `type`.
///
/// Equatable only where its body is: a requirement on `Body` itself would make the runtime check
/// the conformance when it first builds `Envelope<ClientRequest>`'s metadata, a scan of every
/// conformance record in the binary, a quarter of `ferry open`'s instructions (issue 26).
public struct Envelope<Body: Sendable>: Sendable {
    /// The number that pairs a request with its answers, or an event with its reply.
    public var id: Int
    /// What the message says.
    public var body: Body

    /// `body` numbered `id`.
    ///
    /// - Parameters:
    ///   - id: The number its answers carry.
    ///   - body: The request, reply, event or app reply.
    public init(id: Int, _ body: Body) {
        self.id = id
        self.body = body
    }
}

extension Envelope: Equatable where Body: Equatable {}
