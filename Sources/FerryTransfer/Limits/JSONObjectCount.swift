/// Counts the JSON objects in a body as its bytes arrive, strings and escapes skipped: a cap on
/// files per offer is checked while streaming, before a body of 180,000 tiny entries is all in
/// memory and decoded.
public struct JSONObjectCount: Sendable, Equatable {
    public private(set) var objects = 0
    private var inString = false
    private var escaped = false

    public init() {}

    /// Counts the objects opened in `bytes`.
    public mutating func feed(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") {
                objects += 1
            }
        }
    }
}
