extension StringProtocol {
    /// The text without leading and trailing spaces and tabs: what Foundation's
    /// `trimmingCharacters(in: .whitespaces)` does (Unicode's space separators and U+0009).
    package var trimmingWhitespace: String { trimmingScalars(where: \.isFoundationWhitespace) }

    /// As ``trimmingWhitespace``, newlines too (`.whitespacesAndNewlines`).
    package var trimmingWhitespaceAndNewlines: String {
        trimmingScalars { $0.isFoundationWhitespace || $0.isFoundationNewline }
    }

    /// The text without the leading and trailing scalars for which `trimmed` holds.
    package func trimmingScalars(where trimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = Substring(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !trimmed($0) }),
              let last = scalars.lastIndex(where: { !trimmed($0) }) else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}

extension Unicode.Scalar {
    /// In Foundation's `CharacterSet.whitespaces`: general category Zs, or a tab.
    fileprivate var isFoundationWhitespace: Bool {
        self == "\t" || properties.generalCategory == .spaceSeparator
    }

    /// In Foundation's `CharacterSet.newlines`: U+000A–U+000D, U+0085, U+2028, U+2029.
    fileprivate var isFoundationNewline: Bool {
        (0x0A...0x0D).contains(value) || value == 0x85 || value == 0x2028 || value == 0x2029
    }
}
