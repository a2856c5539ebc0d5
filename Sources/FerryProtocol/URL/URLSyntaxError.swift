/// A string that is not a URL under RFC 3986's rules, with where and why.
public struct URLSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text that was given.
    public var input: String
    /// What is wrong, naming the character or part at fault.
    public var reason: String
    /// A corrected URL to suggest, when percent-encoding would make the input valid.
    public var suggestion: String?

    public var description: String {
        let shown = input.count > 200 ? String(input.prefix(200)) + "…" : input
        var line = "invalid URL \"\(shown)\": \(reason)"
        if let suggestion, suggestion.utf8.count <= 400 { line += "; did you mean \(suggestion)?" }
        return line
    }
}
