extension AppReply {
    /// The `state-data` messages that carry `archive` for the event they answer (their envelopes carry its id), in order, each at most
    /// 512 KiB of archive (base64 keeps every frame under the line limit).
    public static func stateChunks(_ archive: [UInt8]) -> [AppReply] {
        stride(from: 0, to: archive.count, by: stateChunkSize).map { start in
            let chunk = archive[start..<min(start + stateChunkSize, archive.count)]
            let data = String(unsafeUninitializedCapacity: Base64.encodedLength(chunk.count)) { text in
                chunk.withUnsafeBytes { Base64.encode($0, into: UnsafeMutableRawBufferPointer(text)) }
            }
            return .stateData(StateData(data: data))
        }
    }
}
