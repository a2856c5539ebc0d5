/// Line-level edits of a `mimeapps.list` that leave every other line exactly as it was.
enum MimeAppsEditor {
    static let group = "Default Applications"

    /// Makes `id` the default for each of `schemes` that has no other default in this file.
    ///
    /// - Returns: The new text, and the schemes whose existing default (another id) was kept.
    static func settingDefault(_ id: String, for schemes: [String], in text: String) -> (text: String, kept: [String: String]) {
        var lines = Self.lines(text)
        var kept: [String: String] = [:]
        var missing = schemes
        let range = groupRange(in: lines)
        for index in range {
            guard let (scheme, ids) = schemeLine(lines[index]), let position = missing.firstIndex(of: scheme) else { continue }
            missing.remove(at: position)
            if let first = ids.first, first != id { kept[scheme] = first; continue }
            lines[index] = line(scheme, [id] + ids.filter { $0 != id })
        }
        let added = missing.map { line($0, [id]) }
        if range.isEmpty && lines.firstIndex(of: "[\(group)]") == nil {
            if let last = lines.last, !last.isEmpty { lines.append("") }
            lines += ["[\(group)]"] + added
        } else {
            lines.insert(contentsOf: added, at: range.upperBound)
        }
        return (lines.joined(separator: "\n") + "\n", kept)
    }

    /// Removes `id` from every default, dropping keys left empty.
    static func removingDefault(_ id: String, from text: String) -> String {
        var lines = Self.lines(text)
        for index in groupRange(in: lines).reversed() {
            guard let (scheme, ids) = schemeLine(lines[index]), ids.contains(id) else { continue }
            let rest = ids.filter { $0 != id }
            if rest.isEmpty { lines.remove(at: index) } else { lines[index] = line(scheme, rest) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The indices of the lines after `[Default Applications]` up to the next group (or the end).
    private static func groupRange(in lines: [String]) -> Range<Int> {
        guard let header = lines.firstIndex(where: { $0.trimmingSpaces() == "[\(group)]" }) else {
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
