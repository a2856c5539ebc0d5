/// Protocol 3's one codec: a line of JSON straight to a ``WireMessage`` and back, by the
/// hand-written scanner and writer (four to ten times faster than Codable, measured in issue 14).
/// Each message reads and writes its own members (WireMessage+JSON.swift and the `+JSON` files of
/// the requests and replies); there is no intermediate frame.
public enum WireCodec {
    /// The longest line accepted, newline included.
    public static let maximumLength = 1 << 20

    /// The message as one line, newline included.
    public static func encode(_ message: WireMessage) -> [UInt8] {
        message.jsonLine()
    }

    /// Decodes one line (without its newline) into a checked message.
    ///
    /// - Throws: ``WireError`` `malformed-frame` naming what is wrong: not JSON, an unknown
    ///   `type` or word, a missing field or one of the wrong type.
    public static func decodeMessage<Bytes: Collection<UInt8>>(_ line: Bytes) throws(WireError) -> WireMessage {
        try WireMessage(try object(line))
    }

    /// The members of one line's object, with its `type`.
    static func object<Bytes: Collection<UInt8>>(_ line: Bytes) throws(WireError) -> WireObject {
        guard line.count < maximumLength else {
            throw WireError(.malformedFrame, "frame longer than \(maximumLength) bytes")
        }
        let result = line.withContiguousStorageIfAvailable(parse) ?? Array(line).withUnsafeBufferPointer(parse)
        return try result.get()
    }

    private static func parse(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<WireObject, WireError> {
        var scanner = JSONScanner(buffer)
        let document: JSONValue
        do {
            document = try scanner.parseDocument()
        } catch {
            return .failure(WireError(.malformedFrame, "expected a JSON object with a string \"type\" (\(error.reason))"))
        }
        guard case .object(let members) = document else {
            return .failure(WireError(.malformedFrame, "expected a JSON object with a string \"type\""))
        }
        guard case .string(let type)? = members.first(where: { $0.0 == "type" })?.1 else {
            return .failure(WireError(.malformedFrame, "missing field \"type\" (see docs/protocol.md)"))
        }
        return .success(WireObject(type: type, members: members))
    }
}

/// A protocol failure, sent to the peer as an `error` frame before the connection closes.
public struct WireError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The machine-readable code sent in the `error` frame.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let description: String
        private init(_ description: String) { self.description = description }

        public static let malformedFrame = Code("malformed-frame")
        public static let unsupportedProtocol = Code("unsupported-protocol")
        public static let unknownToken = Code("unknown-token")
        public static let notAllowed = Code("not-allowed")
        public static let connectionClosed = Code("connection-closed")
        public static let timedOut = Code("timed-out")
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }

    /// The `error` message that tells the peer.
    public var handshake: Handshake.Failure {
        Handshake.Failure(code: code.description, message: message)
    }
}
