/// Text a peer chose (a device name, an alias, a model, a file name in an offer) made safe to
/// print: whatever could move the cursor, retitle or clear the terminal, or reorder or hide the
/// text around it is removed. Every output path that shows a stranger's text goes through
/// ``printable(_:)``: `ferry peers`, `ferry send`'s lines, `ferry inbox pending`, notifications
/// and logs.
public enum PeerText {
    /// `text` without C0 and C1 controls (so an escape sequence loses its ESC or CSI and prints
    /// as plain characters), DEL, line and paragraph separators, bidirectional marks, embeddings,
    /// overrides and isolates, and other invisible format characters (Unicode category Cf, except
    /// the zero-width joiner that emoji sequences are made of).
    ///
    /// - Parameter text: A peer's text, as received.
    /// - Returns: The text with those characters removed; unchanged when it had none.
    public static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isHidden) else { return text }
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isHidden(scalar) { kept.append(scalar) }
        return String(kept)
    }

    /// Whether `scalar` is one ``printable(_:)`` removes.
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029, 0xFEFF: return true
        case 0x200D: return false
        default: return scalar.properties.generalCategory == .format
        }
    }
}
