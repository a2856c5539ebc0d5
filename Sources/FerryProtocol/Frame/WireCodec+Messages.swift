/// The typed face of the codec: what every layer above the wire reads and writes. The flat
/// ``WireFrame`` stays underneath, as version 1's shape and the hot path's hand-written codec.
extension WireCodec {
    /// The message as one line in protocol `version`, newline included.
    public static func encode(_ message: WireMessage, version: Int) -> [UInt8] {
        // The hot path and version 1 go through the hand-written writer; the rest through Codable.
        if let line = hotPathLine(message) { return line }
        let frame = message.frame
        guard version >= 2, !sameInBothVersions(frame) else { return frame.jsonLine() }
        return MessageCodec.encode(message)
    }

    /// Decodes one line (without its newline) of protocol `version` into a checked message.
    ///
    /// - Throws: ``WireError`` `malformed-frame` naming what is wrong.
    public static func decodeMessage<Bytes: Collection<UInt8>>(_ line: Bytes, version: Int) throws(WireError) -> WireMessage {
        guard version >= 2 else { return try WireMessage(frame: decode(line)) }
        if let frame = try? decode(line, withoutRows: true), fastTypes.contains(frame.type) {
            return try WireMessage(frame: frame)
        }
        let message = try MessageCodec.decode(line)
        // Codable checks each field; the rules across fields (a send's files or url) are the frame's.
        try message.frame.validate()
        return message
    }
}
