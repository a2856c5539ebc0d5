import FerryCore

/// The decisions `ferry pair` makes from what the user typed, without a terminal, so they can be
/// tested as plain functions.
enum PairPrompt {
    /// The asking user's verdict on the code.
    enum Verdict: Equatable {
        case confirm
        /// Refuse, with the one line to print.
        case refuse(String)
    }

    /// Whether an answer to a `[y/N]` question is yes; anything else (or end of input) is no.
    static func isYes(_ line: String?) -> Bool {
        guard let line else { return false }
        return ["y", "yes"].contains(line.filter { !$0.isWhitespace }.lowercased())
    }

    /// The verdict from `--code` (which must equal the code shown), `--yes`, or the answer to the
    /// terminal's question, in that order.
    static func verdict(shown: String, name: String, typed: String?, yes: Bool, answer: String?) -> Verdict {
        if let typed {
            guard digits(typed) == shown else {
                return .refuse("the code \(typed) is not \(display(shown)), the code for \(name): someone may be in the middle, or it was mistyped; nothing was trusted")
            }
            return .confirm
        }
        if yes || isYes(answer) { return .confirm }
        return .refuse("pairing with \(name) cancelled; nothing was trusted")
    }

    /// A typed code without spaces or dashes.
    static func digits(_ typed: String) -> String {
        typed.filter { $0 != " " && $0 != "-" }
    }

    /// `123456` as `123 456`.
    static func display(_ code: String) -> String {
        code.count == 6 ? "\(code.prefix(3)) \(code.suffix(3))" : code
    }

    /// Whether `typed` reads as a six-digit code.
    static func isCode(_ typed: String) -> Bool {
        let digits = digits(typed)
        return digits.count == 6 && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
    }
}
