import FoundationEssentials

/// Turns frames into lines and lines into checked frames, in either protocol version.
public enum WireCodec {
    /// The frame as one line of JSON, newline included, in protocol `version` (1 by default:
    /// the handshake, which is the same in both).
    public static func encode(_ frame: WireFrame, version: Int = 1) -> [UInt8] {
        // A frame with no version 2 form (a daemon bug, not input) still goes out, as version 1.
        guard version >= 2, !sameInBothVersions(frame), let message = try? WireMessage(frame: frame) else {
            return frame.jsonLine()
        }
        return MessageCodec.encode(message)
    }

    /// The hot path's frames (an `open`, its `result`, an app's `event` and `reply`) and the
    /// handshake, whose JSON is the same in both versions unless a result carries rows: the
    /// hand-written writer and scanner serve them in version 2 too, four to ten times faster than
    /// Codable (measured in issue 14). Through Codable, a client's hello and ferryd's welcome
    /// were 1.1 M of the 2.7 M instructions of a `ferry open` through ferryd (issue 26).
    static let fastTypes: Set<String> = ["open", "event", "reply", "result", "hello", "welcome", "error"]
    /// The members only version 2 has, which the hand-written scanner does not read.
    static let rowKeys: Set<String> = ["deliveries", "trusted", "offers", "pairRequests"]

    static func sameInBothVersions(_ frame: WireFrame) -> Bool {
        fastTypes.contains(frame.type) && frame.deliveries == nil && frame.trusted == nil && frame.offers == nil
            && frame.pairRequests == nil
    }

    /// Decodes one line (without its newline) of protocol `version` and checks it.
    ///
    /// - Throws: ``WireError`` with code `malformed-frame` naming what is wrong.
    public static func decode<Bytes: Collection<UInt8>>(_ line: Bytes, version: Int) throws(WireError) -> WireFrame {
        guard version >= 2 else { return try decode(line) }
        // The hot path first; anything else, and every error, through the typed messages.
        if let frame = try? decode(line, withoutRows: true), fastTypes.contains(frame.type) { return frame }
        let frame = try MessageCodec.decode(line).frame
        try frame.validate()
        return frame
    }

    /// Decodes one line of protocol 1 (without its newline) and checks it.
    ///
    /// - Throws: ``WireError`` with code `malformed-frame` naming what is wrong.
    public static func decode<Bytes: Collection<UInt8>>(_ line: Bytes) throws(WireError) -> WireFrame {
        try decode(line, withoutRows: false)
    }

    /// - Parameter withoutRows: Fail on a version 2 row member rather than ignore it.
    static func decode<Bytes: Collection<UInt8>>(_ line: Bytes, withoutRows: Bool) throws(WireError) -> WireFrame {
        guard line.count < WireFrame.maximumLength else {
            throw WireError(.malformedFrame, "frame longer than \(WireFrame.maximumLength) bytes")
        }
        let result: Result<WireFrame, JSONScanner.Failure> = line.withContiguousStorageIfAvailable { buffer in
            parse(buffer, withoutRows: withoutRows)
        } ?? Array(line).withUnsafeBufferPointer { parse($0, withoutRows: withoutRows) }
        switch result {
        case .success(let frame):
            try frame.validate()
            return frame
        case .failure(let failure):
            throw WireError(.malformedFrame, "expected a JSON object with a string \"type\" (\(failure.reason))")
        }
    }

    private static func parse(_ buffer: UnsafeBufferPointer<UInt8>, withoutRows: Bool) -> Result<WireFrame, JSONScanner.Failure> {
        var scanner = JSONScanner(buffer)
        do {
            let value = try scanner.parseDocument()
            if withoutRows, case .object(let members) = value, members.contains(where: { rowKeys.contains($0.0) }) {
                return .failure(JSONScanner.Failure(reason: "version 2 rows"))
            }
            return .success(try WireFrame(json: value))
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
        case "pair-confirm": id != nil && offer != nil && result != nil
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
