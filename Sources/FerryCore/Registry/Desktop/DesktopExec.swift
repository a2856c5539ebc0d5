/// A desktop entry's `Exec` line turned into an argv template, following the Desktop Entry
/// specification's quoting and field codes — never through a shell.
///
/// The template uses Ferry's own placeholder (`%u` for the URL, `%%` for a literal percent sign),
/// so ``LaunchCommand`` starts desktop entries exactly as it starts `ProgramArguments` manifests.
/// Field codes: `%u %U %f %F` become the URL (one URL per open; a scheme handler gets URLs, and
/// `file:` is reserved for the system handler); `%i` becomes `--icon ICON` when the entry has an
/// `Icon`; `%c` the entry's name; `%k` the entry's path; the deprecated `%d %D %n %N %v %m` and
/// unknown codes are dropped. With no URL code the URL is appended, as GIO does.
struct DesktopExec: Sendable, Equatable {
    /// The argv template, `argv[0]` first.
    var template: [String]

    /// Why an `Exec` value cannot be used.
    struct Refusal: Error, Equatable {
        var reason: String
    }

    init(_ exec: String, name: String?, icon: String?, entryPath: String) throws(Refusal) {
        let words = try Self.split(exec)
        var template: [String] = []
        for word in words {
            if word == "%i" {
                if let icon, !icon.isEmpty { template += ["--icon", Self.literal(icon)] }
                continue
            }
            let expanded = Self.expand(word, name: name ?? "", entryPath: entryPath)
            // A code standing alone that expands to nothing (%i without Icon, %d...) leaves no argument.
            if expanded.isEmpty && word.unicodeScalars.first == "%" && word.unicodeScalars.count == 2 { continue }
            template.append(expanded)
        }
        guard let program = template.first, !program.isEmpty, !program.contains("%u") else {
            throw Refusal(reason: "Exec names no program")
        }
        self.template = template
    }

    /// Splits on unquoted spaces; inside double quotes, a backslash escapes `"`, `` ` ``, `$` and `\`.
    /// Reads Unicode scalars, not Characters: a quote or space followed by a combining mark is one
    /// Character that equals neither, yet the specification (and every launcher) sees the quote.
    static func split(_ exec: String) throws(Refusal) -> [String] {
        var words: [String] = []
        var current: String.UnicodeScalarView?
        var quoted = false
        var iterator = exec.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            if quoted {
                if scalar == "\"" { quoted = false; continue }
                if scalar == "\\", let next = iterator.next() {
                    if !"\"`$\\".unicodeScalars.contains(next) { current!.append("\\") }
                    current!.append(next)
                    continue
                }
                current!.append(scalar)
            } else if scalar == " " || scalar == "\t" || scalar == "\n" {
                if let word = current { words.append(String(word)) }
                current = nil
            } else if scalar == "\"" {
                quoted = true
                current = current ?? String.UnicodeScalarView()
            } else {
                current = current ?? String.UnicodeScalarView()
                current!.append(scalar)
            }
        }
        guard !quoted else { throw Refusal(reason: "Exec has an unterminated double quote") }
        if let word = current { words.append(String(word)) }
        guard !words.isEmpty else { throw Refusal(reason: "Exec is empty") }
        return words
    }

    private static func expand(_ word: String, name: String, entryPath: String) -> String {
        guard word.unicodeScalars.contains("%") else { return word }
        var output = ""
        // Scalars, as in split: `%` and a code letter stay themselves before a combining mark.
        var iterator = word.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "%" else { output.unicodeScalars.append(scalar); continue }
            switch iterator.next() {
            case "u", "U", "f", "F": output += "%u"
            case "%": output += "%%"
            case "c": output += literal(name)
            case "k": output += literal(entryPath)
            default: break
            }
        }
        return output
    }

    /// `text` as a literal in Ferry's template (its `%` doubled).
    private static func literal(_ text: String) -> String {
        text.replacing("%", with: "%%")
    }
}
