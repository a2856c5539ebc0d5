/// Line-level edits of a `mimeapps.list` that leave every other line exactly as it was, and that
/// ``removingDefault(_:from:)`` undoes byte for byte (`ferry integrate --undo`): line endings, a
/// missing final newline, a group or a file Ferry added, the other ids of a line.
enum MimeAppsEditor {
    static let group = "Default Applications"
    /// Marks a `[Default Applications]` group Ferry added, so the undo removes it again.
    static let addedGroup = "# Added by ferry integrate; ferry integrate --undo removes it."
    /// Marks a file Ferry created, so the undo deletes it again.
    static let createdFile = "# Created by ferry integrate; ferry integrate --undo deletes it."

    /// Makes `id` the default for each of `schemes` that has no other default in this file.
    ///
    /// - Parameter text: The file's text; nil when there is no file.
    /// - Returns: The new text, and the schemes whose existing default (another id) was kept.
    static func settingDefault(_ id: String, for schemes: [String], in text: String?) -> (text: String, kept: [String: String]) {
        var file = MimeAppsText(text ?? "")
        var kept: [String: String] = [:]
        var missing = schemes
        let range = groupRange(in: file)
        for index in range {
            guard let (scheme, ids) = schemeLine(file.lines[index].content), let position = missing.firstIndex(of: scheme) else { continue }
            missing.remove(at: position)
            if let first = ids.first, first != id { kept[scheme] = first; continue }
            if ids.isEmpty { file.lines[index].content = editingValue(file.lines[index].content) { $0.insert(Substring(id), at: 0) } }
        }
        let added = missing.map { line($0, [id]) }
        if range.isEmpty && !file.lines.contains(where: { isHeader($0.content) }) {
            guard !added.isEmpty else { return (text ?? "", kept) }
            file.insert(["[\(group)]", text == nil ? createdFile : addedGroup] + added, at: file.lines.count)
        } else {
            file.insert(added, at: range.upperBound)
        }
        return (file.text, kept)
    }

    /// Removes `id` from every default: a line left without ids goes, and so does a group or a
    /// file that ``settingDefault(_:for:in:)`` added and that holds nothing else.
    ///
    /// - Returns: The new text, or nil when the file should be deleted.
    static func removingDefault(_ id: String, from text: String) -> String? {
        var file = MimeAppsText(text)
        for index in groupRange(in: file).reversed() {
            guard let (scheme, ids) = schemeLine(file.lines[index].content), ids.contains(id) else { continue }
            // The line Ferry added goes; in any other line, only Ferry's id.
            if file.lines[index].content == line(scheme, [id]) { file.remove(at: index); continue }
            file.lines[index].content = editingValue(file.lines[index].content) { pieces in
                pieces.removeAll { $0.trimmingSpaces() == id }
            }
        }
        guard let header = file.lines.firstIndex(where: { isHeader($0.content) }), header + 1 < file.lines.count else { return file.text }
        let marker = file.lines[header + 1].content
        guard marker == addedGroup || marker == createdFile, groupRange(in: file).count == 1 else { return file.text }
        file.remove(at: header + 1)
        file.remove(at: header)
        return marker == createdFile && file.lines.isEmpty ? nil : file.text
    }

    /// The line with its value's `;`-separated pieces edited and everything else kept as it was.
    private static func editingValue(_ content: String, _ edit: (inout [Substring]) -> Void) -> String {
        guard let (key, value) = content.split(atFirst: "=") else { return content }
        var pieces = value.unicodeScalars.split(separator: ";", omittingEmptySubsequences: false).map { Substring($0) }
        edit(&pieces)
        return key + "=" + pieces.joined(separator: ";")
    }

    private static func isHeader(_ line: String) -> Bool { line.trimmingSpaces() == "[\(group)]" }

    /// The indices of the lines after `[Default Applications]` up to the next group (or the end).
    private static func groupRange(in file: MimeAppsText) -> Range<Int> {
        let lines = file.lines.map(\.content)
        guard let header = lines.firstIndex(where: isHeader) else {
            return lines.endIndex..<lines.endIndex
        }
        let end = lines[(header + 1)...].firstIndex { $0.hasPrefix("[") } ?? lines.endIndex
        // New keys go after the group's last key, not after trailing blank lines.
        var last = end
        while last > header + 1, lines[last - 1].trimmingSpaces().isEmpty { last -= 1 }
        return (header + 1)..<last
    }

    private static func schemeLine(_ line: String) -> (String, [String])? {
        guard let (rawKey, rawValue) = line.split(atFirst: "=") else { return nil }
        let key = String(rawKey.trimmingSpaces())
        guard let scheme = DesktopEntry.scheme(ofMimeType: key) else { return nil }
        return (scheme, DesktopKeyFile.splitList(String(rawValue.trimmingSpaces())))
    }

    private static func line(_ scheme: String, _ ids: [String]) -> String {
        DesktopEntry.schemePrefix + scheme + "=" + ids.joined(separator: ";") + ";"
    }
}

extension StringProtocol {
    func trimmingSpaces() -> Substring { Substring(self).trimmingSpaces() }
}
