import FerryKit

/// One line of the list, read from `todolist-managed://HOST?TASK#YYYYMMDDhhmm`.
struct TodoItem {
    /// The task: the percent-decoded query, or the path when there is no query.
    var task: String
    /// `YYYY-MM-DD hh:mm` from the fragment, or `-`.
    var due: String

    /// Nil when the URL names no task.
    init?(_ url: AppURL) {
        let raw = url.query ?? String(url.path.drop { $0 == "/" })
        // Control characters (a typed or encoded newline) become spaces: one URL, one line.
        let scalars = AppURL.percentDecoded(raw).unicodeScalars.map { $0.value < 32 || $0.value == 127 ? " " : $0 }
        task = String(String.UnicodeScalarView(scalars))
        guard task.contains(where: { $0 != " " }) else { return nil }
        due = Self.due(url.fragment ?? "") ?? "-"
    }

    /// The line in todo.txt: the due time in 16 columns, two spaces, the task.
    var line: String { due + String(repeating: " ", count: max(0, 16 - due.count)) + "  " + task }

    private static func due(_ digits: String) -> String? {
        let d = Array(digits)
        guard d.count == 12, d.allSatisfy(\.isASCII), d.allSatisfy(\.isNumber) else { return nil }
        let part = { (range: Range<Int>) in String(d[range]) }
        return "\(part(0..<4))-\(part(4..<6))-\(part(6..<8)) \(part(8..<10)):\(part(10..<12))"
    }
}
