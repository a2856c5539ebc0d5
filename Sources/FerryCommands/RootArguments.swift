import ArgumentParser

/// What `ferry` does with its arguments before and after swift-argument-parser: output flags given
/// before the command (`ferry -q apps`), a suggestion for a mistyped command, and the parser's
/// `Error:` lines turned into Ferry's `ferry:` lines.
enum RootArguments {
    /// The flags every command takes, accepted before the command's name too. An array, not a
    /// Set: building a Set<String> costs `ferry open` a run-time conformance lookup (issue 26).
    static let outputFlags = ["-q", "--quiet", "-v", "--verbose", "--json"]

    /// The command names `ferry` knows.
    static var commandNames: [String] {
        Ferry.configuration.subcommands.map { $0._commandName }
    }

    /// `arguments` with output flags that come before the command moved after its name.
    static func normalized(_ arguments: [String]) -> [String] {
        let leading = arguments.prefix { outputFlags.contains($0) }
        guard !leading.isEmpty, leading.count < arguments.count else { return arguments }
        let rest = arguments.dropFirst(leading.count)
        return [rest.first!] + leading + rest.dropFirst()
    }

    /// "did you mean …?" for a first word that is no command but close to one (two edits at most).
    static func suggestion(_ arguments: [String]) -> String? {
        guard let word = arguments.first(where: { !$0.hasPrefix("-") }), !commandNames.contains(word) else { return nil }
        let scored = commandNames.map { ($0, distance(word, $0)) }.filter { $0.1 <= min(2, max(1, word.count / 2)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return "unknown command \(word.debugDescription); did you mean `ferry \(best.0)`? (ferry --help lists them)"
    }

    /// The parser's message with its `Error: ` prefix (on the first line) replaced by `prefix`.
    static func ferryLines(_ message: String, prefix: String) -> String {
        guard message.hasPrefix("Error: ") else { return prefix + " " + message }
        return prefix + " " + message.dropFirst("Error: ".count)
    }

    /// Levenshtein distance between `a` and `b`.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
