extension StringProtocol {
    /// The text before and after the first `separator`, found among Unicode scalars: key files are
    /// read by byte (as GLib does), and a combining mark after `=` must not hide it inside one
    /// `Character`.
    func split(atFirst separator: Unicode.Scalar) -> (before: Substring, after: Substring)? {
        let scalars = Substring(self).unicodeScalars
        guard let index = scalars.firstIndex(of: separator) else { return nil }
        return (Substring(scalars[..<index]), Substring(scalars[scalars.index(after: index)...]))
    }
}
