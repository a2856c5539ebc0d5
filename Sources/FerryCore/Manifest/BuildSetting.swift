/// Xcode build settings (`$(PRODUCT_BUNDLE_IDENTIFIER)`, `${TARGET_NAME}`) left in a manifest
/// that was copied from a source tree instead of a built `.app`, where Xcode expands them.
public enum BuildSetting {
    /// The setting names referenced in `text`, in order: `NAME` of `$(NAME)`, `${NAME}` and
    /// `$(NAME:modifier)`.
    public static func names(in text: String) -> [String] {
        references(in: text).map(\.name)
    }

    /// Each `$(…)` or `${…}` naming a setting: where it is, and the name.
    private static func references(in text: String) -> [(range: Range<String.Index>, name: String)] {
        var found: [(Range<String.Index>, String)] = []
        var index = text.startIndex
        while let dollar = text[index...].firstIndex(of: "$") {
            let open = text.index(after: dollar)
            index = open
            guard open < text.endIndex, text[open] == "(" || text[open] == "{",
                  let end = text[open...].firstIndex(of: text[open] == "(" ? ")" : "}") else { continue }
            let inside = text[text.index(after: open)..<end]
            let name = inside.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard isName(name) else { continue }
            found.append((dollar..<text.index(after: end), String(name)))
            index = text.index(after: end)
        }
        return found
    }

    /// Whether `name` can be a build setting: letters, digits and `_`, not starting with a digit.
    static func isName(_ name: Substring) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// The advice for a manifest naming `name` unexpanded.
    public static func advice(_ name: String) -> String {
        "install the Info.plist from the built .app, or give the value: ferry install --set \(name)=VALUE PATH"
    }

    /// Refuses `value` when it names a build setting.
    static func check(_ value: String, at keyPath: String) throws(ManifestIssue) {
        guard let name = names(in: value).first else { return }
        throw ManifestIssue(code: .invalidValue, keyPath: keyPath,
                            message: "\"\(value)\" is the unexpanded Xcode build setting \(name); \(advice(name))")
    }

    /// `text` with each `$(NAME)`, `${NAME}` and `$(NAME:modifier)` whose NAME is in `values`
    /// replaced by its value (a modifier is not applied: the value is taken as final).
    public static func substituting(_ values: [String: String], in text: String) -> String {
        var result = ""
        var copied = text.startIndex
        for reference in references(in: text) {
            guard let value = values[reference.name] else { continue }
            result += text[copied..<reference.range.lowerBound] + value
            copied = reference.range.upperBound
        }
        return result + text[copied...]
    }
}
