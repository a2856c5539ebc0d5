/// A `mimeapps.list` as lines that keep their own endings (`\n`, `\r\n`, or none on a last line),
/// so an edit and its undo give back the file byte for byte.
struct MimeAppsText: Equatable {
    struct Line: Equatable {
        var content: String
        var ending: String
    }

    var lines: [Line]

    /// The ending new lines get: the file's first one, else `\n`.
    var newline: String { lines.first { !$0.ending.isEmpty }?.ending ?? "\n" }

    var text: String { lines.map { $0.content + $0.ending }.joined() }

    /// Splits on scalars: `\r\n` is one Character in Swift, so a Character split would see a CRLF
    /// file as a single line.
    init(_ text: String) {
        lines = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard scalar == "\n" else { current.append(scalar); continue }
            var ending = "\n"
            if current.last == "\r" { current.removeLast(); ending = "\r\n" }
            lines.append(Line(content: String(current), ending: ending))
            current = String.UnicodeScalarView()
        }
        if !current.isEmpty { lines.append(Line(content: String(current), ending: "")) }
    }

    /// Inserts `contents` as lines at `index`; at the end of a file without a final newline, the
    /// old last line gets one and the new last line goes without, as the file was.
    mutating func insert(_ contents: [String], at index: Int) {
        guard !contents.isEmpty else { return }
        var added = contents.map { Line(content: $0, ending: newline) }
        if index == lines.count, let last = lines.indices.last, lines[last].ending.isEmpty {
            lines[last].ending = newline
            added[added.count - 1].ending = ""
        }
        lines.insert(contentsOf: added, at: index)
    }

    /// Removes the line at `index`, undoing ``insert(_:at:)``'s ending move at the end of the file.
    mutating func remove(at index: Int) {
        if index == lines.count - 1, index > 0, lines[index].ending.isEmpty { lines[index - 1].ending = "" }
        lines.remove(at: index)
    }
}
