/// The `[Desktop Entry]` group of a `.desktop` file, or one group of a `mimeapps.list`: the
/// key-file format of the Desktop Entry specification (groups, `Key=Value`, `#` comments).
struct DesktopKeyFile: Sendable, Equatable {
    /// One `Key=Value` line.
    struct Entry: Sendable, Equatable {
        var key: String
        var value: String
    }

    /// Group name → its entries in file order; localized keys (`Name[de]`) are dropped.
    private(set) var groups: [String: [Entry]] = [:]

    init(parsing text: String) {
        var group: String?
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") {
                group = line.hasSuffix("]") ? String(line.dropFirst().dropLast()) : nil
                if let group, groups[group] == nil { groups[group] = [] }
                continue
            }
            guard let group, let (rawKey, rawValue) = line.split(atFirst: "=") else { continue }
            let key = rawKey.trimmingSpaces()
            guard !key.unicodeScalars.contains("[") else { continue }
            groups[group]?.append(Entry(key: String(key), value: String(rawValue.trimmingSpaces())))
        }
    }

    /// The raw value of the last `key` in `group`.
    func value(_ key: String, in group: String) -> String? {
        groups[group]?.last { $0.key == key }?.value
    }

    /// A `string` value with the spec's escapes (`\s \n \t \r \\`) resolved.
    func string(_ key: String, in group: String) -> String? {
        value(key, in: group).map(Self.unescape)
    }

    /// A `boolean` value: `true` only when written so.
    func bool(_ key: String, in group: String) -> Bool {
        value(key, in: group) == "true"
    }

    /// A list of `;`-separated strings (`\;` keeps a semicolon), empty items dropped.
    func list(_ key: String, in group: String) -> [String] {
        guard let raw = value(key, in: group) else { return [] }
        return Self.splitList(raw)
    }

    static func splitList(_ raw: String) -> [String] {
        var items: [String] = []
        var current = ""
        var escaped = false
        // By scalar: a mark after `;` or a backslash must not hide it inside one Character.
        for scalar in raw.unicodeScalars {
            if escaped {
                current += scalar == ";" ? ";" : "\\" + String(scalar)
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else if scalar == ";" {
                items.append(unescape(current))
                current = ""
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        if escaped { current += "\\" }
        items.append(unescape(current))
        return items.filter { !$0.isEmpty }
    }

    static func unescape(_ raw: String) -> String {
        guard raw.contains("\\") else { return raw }
        var output = ""
        var iterator = raw.makeIterator()
        while let character = iterator.next() {
            guard character == "\\" else { output.append(character); continue }
            switch iterator.next() {
            case "s": output += " "
            case "n": output += "\n"
            case "t": output += "\t"
            case "r": output += "\r"
            case "\\": output += "\\"
            case let other?: output += "\\" + String(other)
            case nil: output += "\\"
            }
        }
        return output
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
        while let last = result.last, last == " " || last == "\t" || last == "\r" { result.removeLast() }
        return result
    }
}
