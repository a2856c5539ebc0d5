/// Xcode's Info.plist preprocessor (`INFOPLIST_PREPROCESS`): a source `Info.plist` may hold C
/// preprocessor lines (`#ifdef DEBUG`) that only the build removes, so no reader can parse it.
enum Preprocessor {
    /// The directives a line may start with.
    private static let directives = ["#if", "#ifdef", "#ifndef", "#elif", "#else", "#endif", "#define", "#undef", "#include", "#import"]

    /// The first line (1-based) that is a preprocessor directive, and the directive as written.
    static func directive(in bytes: some Collection<UInt8>) -> (line: Int, text: String)? {
        var line = 1
        for text in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            defer { line += 1 }
            let trimmed = text.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            guard trimmed.first == UInt8(ascii: "#") else { continue }
            let word = trimmed.prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") }
            let directive = String(decoding: word, as: UTF8.self)
            guard directives.contains(directive) else { continue }
            let whole = String(decoding: trimmed, as: UTF8.self).trimmingTrailingWhitespace()
            return (line, String(whole.prefix(60)))
        }
        return nil
    }

    static func message(_ found: (line: Int, text: String)) -> String {
        "line \(found.line) is an Xcode Info.plist preprocessor line (\(found.text)), which only an Xcode build "
            + "removes: install the Info.plist from the built .app"
    }
}

extension String {
    fileprivate func trimmingTrailingWhitespace() -> String {
        var result = self
        while let last = result.last, last.isWhitespace { result.removeLast() }
        return result
    }
}
