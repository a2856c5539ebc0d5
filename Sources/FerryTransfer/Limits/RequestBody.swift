import NIOCore
import NIOHTTP1

/// Reads a request body into memory for every listener and endpoint: at most `limit` bytes, each
/// chunk reserved in the listener's ``MemoryBudget`` (when given) before it is kept, and
/// (optionally) at most `maximumObjects` JSON objects, counted as the bytes arrive.
public struct RequestBody {
    public typealias Inbound = NIOAsyncChannelInboundStream<HTTPServerRequestPart>.AsyncIterator

    public let limit: Int
    /// Nil for small bodies that are not worth a reservation (a GET's, a pairing message).
    public let budget: MemoryBudget?
    public let holder: MemoryBudget.Holder
    public var maximumObjects: Int?

    public init(limit: Int, budget: MemoryBudget? = nil, holder: MemoryBudget.Holder = .stranger, maximumObjects: Int? = nil) {
        self.limit = limit
        self.budget = budget
        self.holder = holder
        self.maximumObjects = maximumObjects
    }

    /// Seconds a sender refused for the budget is asked to wait.
    public static let retryAfterSeconds = 5

    /// The body, read to its end. The reservation is returned when this returns: the budget bounds
    /// bodies still arriving, the part a sender can stall.
    ///
    /// - Parameter expected: The request's `Content-Length`, when it has one: read into one
    ///   allocation of that size (at most `limit`).
    /// - Throws: ``TransferError``: `tooLarge` past `limit` or `maximumObjects`, `busy` (503,
    ///   Retry-After) when the budget is spent, `badRequest` when the request is cut or malformed.
    public func read(_ parts: inout Inbound, expected: String? = nil) async throws -> [UInt8] {
        var body: [UInt8] = []
        var held = 0
        defer { budget?.release(held, for: holder) }
        if let expected = expected.flatMap(Int.init), expected > 0 { body.reserveCapacity(min(expected, limit)) }
        var objects = JSONObjectCount()
        while let part = try await parts.next() {
            switch part {
            case .body(let buffer):
                try take(buffer, into: &body, held: &held, objects: &objects)
            case .end: return body
            case .head: throw TransferError(.badRequest, "a request started inside another")
            }
        }
        throw TransferError(.badRequest, "the connection closed inside a request")
    }

    private func take(_ buffer: ByteBuffer, into body: inout [UInt8], held: inout Int, objects: inout JSONObjectCount) throws(TransferError) {
        let count = buffer.readableBytes
        guard body.count + count <= limit else {
            throw TransferError(.tooLarge, "the request body is longer than \(limit) bytes")
        }
        if let budget {
            guard budget.reserve(count, for: holder) else {
                throw TransferError(.busy, "this device is reading too many requests at once; try again in \(Self.retryAfterSeconds) s",
                                    retryAfter: Self.retryAfterSeconds)
            }
            held += count
        }
        if let maximumObjects {
            objects.feed(buffer.readableBytesView)
            guard objects.objects <= maximumObjects else {
                throw TransferError(.tooLarge, "the request lists more than \(maximumObjects) entries")
            }
        }
        body += buffer.readableBytesView
    }

    /// Reads the rest of a request body refused unread and throws it away, up to `limit` bytes,
    /// so that the sender, still writing it, gets to read the refusal rather than a reset.
    public static func discard(_ parts: inout Inbound, limit: Int) async throws {
        var count = 0
        while let part = try await parts.next() {
            guard case .body(let buffer) = part else { return }
            count += buffer.readableBytes
            if count > limit { return }
        }
    }
}
