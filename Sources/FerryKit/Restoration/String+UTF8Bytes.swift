extension String {
    /// `bytes` as a String when they are valid UTF-8, nil otherwise. Short ASCII, nearly every
    /// identifier and key in an archive, skips the standard library's generic validator, which
    /// looks up type metadata on every call (thousands of times per restore); long text keeps
    /// its word-at-a-time check.
    init?(utf8Bytes bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.count <= 64, bytes.allSatisfy({ $0 < 0x80 }) {
            self = String(decoding: bytes, as: UTF8.self)
        } else if let text = String(validating: bytes, as: UTF8.self) {
            self = text
        } else {
            return nil
        }
    }
}
