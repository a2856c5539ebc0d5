import FoundationEssentials

/// Protocol 3's one codec: lines to and from the flat frame, by the hand-written JSON scanner
/// and writer (four to ten times faster than Codable, measured in issue 14). ``WireMessage``'s
/// face of it is in WireCodec+Messages.swift.
public enum WireCodec {
    /// The frame as one line of JSON, newline included.
    public static func encode(_ frame: WireFrame) -> [UInt8] {
        frame.jsonLine()
    }

    /// Decodes one line (without its newline) and checks it.
    ///
    /// - Throws: ``WireError`` with code `malformed-frame` naming what is wrong.
    public static func decode<Bytes: Collection<UInt8>>(_ line: Bytes) throws(WireError) -> WireFrame {
        let frame = try scan(line)
        try frame.validate()
        return frame
    }

    /// The frame of one line, unchecked.
    static func scan<Bytes: Collection<UInt8>>(_ line: Bytes) throws(WireError) -> WireFrame {
        guard line.count < WireFrame.maximumLength else {
            throw WireError(.malformedFrame, "frame longer than \(WireFrame.maximumLength) bytes")
        }
        let result: Result<WireFrame, JSONScanner.Failure> = line.withContiguousStorageIfAvailable(parse)
            ?? Array(line).withUnsafeBufferPointer(parse)
        switch result {
        case .success(let frame): return frame
        case .failure(let failure): throw WireError(.malformedFrame, failure.reason)
        }
    }

    private static func parse(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<WireFrame, JSONScanner.Failure> {
        var scanner = JSONScanner(buffer)
        let document: JSONValue
        do {
            document = try scanner.parseDocument()
        } catch {
            return .failure(JSONScanner.Failure(reason: "expected a JSON object with a string \"type\" (\(error.reason))"))
        }
        do {
            return .success(try WireFrame(json: document))
        } catch {
            return .failure(error)
        }
    }
}

extension WireFrame {
    /// Whether the fields `type` requires are present; nil for an unknown type.
    private var hasRequiredFields: Bool? {
        switch type {
        case "hello": self.protocol != nil && (role == "client" || (role == "app" && token != nil))
        case "welcome": self.protocol != nil
        case "error": code != nil
        case "event": id != nil && event != nil
        case "open": id != nil && url != nil
        case "quit", "kill": id != nil && app != nil
        case "reply", "result", "ps", "memory-warning", "ping", "peers": id != nil
        case "peer-add", "peer-remove": id != nil && address != nil
        case "peer": event != nil && peers != nil
        case "send": id != nil && (files != nil || url != nil) && (peer != nil || (host != nil && port != nil))
        case "web-share": id != nil && files != nil
        case "progress": id != nil && event != nil
        case "receiving", "trust", "pending": id != nil
        case "accept", "decline", "cancel": id != nil && offer != nil
        case "pair": id != nil && (peer != nil || (host != nil && port != nil))
        case "pair-pending": id != nil
        case "pair-confirm": id != nil && offer != nil && confirmed != nil
        case "pair-accept", "pair-decline": id != nil && offer != nil
        case "state-data": id != nil && data != nil
        case "state": id != nil && app != nil
        case "unlock": id != nil && data != nil
        case "lock", "protection-status": id != nil
        default: nil
        }
    }

    /// Checks that the frame's type is known and its required fields are present.
    public func validate() throws(WireError) {
        guard let complete = hasRequiredFields else {
            throw WireError(.malformedFrame, "unknown frame type \"\(type)\"")
        }
        if !complete {
            throw WireError(.malformedFrame, "\"\(type)\" frame is missing a required field (see docs/protocol.md)")
        }
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

    /// The `error` frame that tells the peer.
    public var frame: WireFrame {
        var frame = WireFrame(type: "error")
        frame.code = code.description
        frame.message = message
        return frame
    }
}
