/// Document-type choices (`ferry default text/plain ID`) live in the same file as the scheme
/// choices, keyed by MIME type: a scheme never holds a "/", so older readers see one more key
/// they never look up.
extension HandlerDefaults {
    /// Whether `text` names a MIME type (`type/subtype`, RFC 6838 restricted names) rather than a scheme.
    public static func isMIMEType(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy(isRestrictedName)
    }

    /// The user's choice for a file of MIME type `mimeType`: the choice for that type, else the one
    /// for its most specific supertype that has one (`text/plain` covers `text/x-python`).
    ///
    /// - Parameters:
    ///   - mimeType: The file's MIME type.
    ///   - isA: Whether the first MIME type is the second or a subtype of it.
    /// - Returns: The MIME type the choice was made for, and the chosen bundle id.
    public func documentHandler(for mimeType: String, isA: (String, String) -> Bool) -> (mimeType: String, app: String)? {
        let mimeType = mimeType.lowercased()
        guard Self.isMIMEType(mimeType) else { return nil }
        if let app = choices[mimeType] { return (mimeType, app) }
        let candidates = choices.keys.filter { Self.isMIMEType($0) && isA(mimeType, $0) }.sorted()
        // The most specific: no other candidate is a subtype of it.
        let chosen = candidates.first { type in !candidates.contains { $0 != type && isA($0, type) } }
        return chosen.map { ($0, choices[$0]!) }
    }

    private static func isRestrictedName(_ name: Substring) -> Bool {
        guard let first = name.unicodeScalars.first, name.utf8.count <= 127, isAlphanumeric(first) else { return false }
        return name.unicodeScalars.allSatisfy { isAlphanumeric($0) || "!#$&-^_.+".unicodeScalars.contains($0) }
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}
