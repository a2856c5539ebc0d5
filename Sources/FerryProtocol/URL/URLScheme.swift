/// Rules for URL schemes (RFC 3986 §3.1).
public enum URLScheme {
    /// How a valid scheme looks, for diagnostics.
    public static let rule = "(a letter, then letters, digits, \"+\", \"-\" or \".\")"

    /// Whether `scheme` is `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    public static func isValid(_ scheme: String) -> Bool {
        isValid(scheme.utf8)
    }

    package static func isValid<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        guard let first = bytes.first, first.isASCIILetter else { return false }
        return bytes.dropFirst().allSatisfy { byte in
            byte.isASCIIAlphanumeric || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".")
        }
    }
}
