import FoundationEssentials

/// Protocol 2's codec: a ``WireMessage`` to and from one line of JSON, through Codable.
public enum MessageCodec {
    // Shared: both are Sendable and keep no state between calls.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()
    private static let decoder = JSONDecoder()

    /// The message as one line of JSON, newline included.
    public static func encode(_ message: WireMessage) -> [UInt8] {
        // Encoding plain structs of strings, numbers and arrays cannot fail.
        var line = (try? [UInt8](encoder.encode(message))) ?? Array(#"{"type":"error","code":"malformed-frame"}"#.utf8)
        line.append(0x0A)
        return line
    }

    /// Decodes one line (without its newline).
    ///
    /// - Throws: ``WireError`` with code `malformed-frame` and one line naming the field at fault.
    public static func decode<Bytes: Collection<UInt8>>(_ line: Bytes) throws(WireError) -> WireMessage {
        guard line.count < WireFrame.maximumLength else {
            throw WireError(.malformedFrame, "frame longer than \(WireFrame.maximumLength) bytes")
        }
        do {
            return try decoder.decode(WireMessage.self, from: Data(line))
        } catch let error as DecodingError {
            throw WireError(.malformedFrame, Self.describe(error))
        } catch {
            throw WireError(.malformedFrame, "expected a JSON object with a string \"type\" (\(error))")
        }
    }

    /// One line for a Codable failure: the frame's field at fault and what was expected there.
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "missing field \"\(path(context.codingPath + [key]))\" (see docs/protocol.md)"
        case .valueNotFound(_, let context):
            return "missing field \"\(path(context.codingPath))\" (see docs/protocol.md)"
        case .typeMismatch(_, let context) where context.codingPath.isEmpty:
            return "expected a JSON object with a string \"type\""
        case .typeMismatch(let type, let context):
            return "bad field \(path(context.codingPath)): expected \(name(of: type))"
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "expected a JSON object with a string \"type\" (not JSON)"
        case .dataCorrupted(let context):
            return context.debugDescription
        @unknown default:
            return "expected a JSON object with a string \"type\""
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().dropFirst().description
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "a boolean"
        case is Int.Type, is Int32.Type, is UInt64.Type: "an integer"
        case is Double.Type: "a number"
        default: "\(type)".hasPrefix("Array") ? "an array" : "an object"
        }
    }
}
