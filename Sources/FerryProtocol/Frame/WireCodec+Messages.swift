/// The typed face of the codec: what every layer above the wire reads and writes.
extension WireCodec {
    /// The message as one line, newline included: the hot path's replies written straight from
    /// the typed messages, the rest through the flat frame's writer.
    public static func encode(_ message: WireMessage) -> [UInt8] {
        hotPathLine(message) ?? message.frame.jsonLine()
    }

    /// Decodes one line (without its newline) into a checked message.
    ///
    /// - Throws: ``WireError`` `malformed-frame` naming what is wrong.
    public static func decodeMessage<Bytes: Collection<UInt8>>(_ line: Bytes) throws(WireError) -> WireMessage {
        try WireMessage(frame: scan(line))
    }
}
