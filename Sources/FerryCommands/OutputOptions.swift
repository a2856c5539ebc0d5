import ArgumentParser

#if canImport(Glibc)
import Glibc
#endif

/// `--json`, `-q` and `-v`, the same on every command. A command adopts them in one line,
/// `@OptionGroup var output: OutputOptions`, then prints through ``say(_:)``, ``detail(_:)`` and
/// ``emit(_:text:)`` so the three behave alike everywhere:
/// - `--json`: stdout carries only JSON (keys sorted, stable; documented in the README);
/// - `-q`: nothing on stdout on success; errors still go to stderr, exit codes are unchanged;
/// - `-v`: extra detail (files read and written, programs run) on stderr, so stdout stays parseable.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print JSON instead of text (stable keys; see the README).")
    var json = false

    @Flag(name: .shortAndLong, help: "Print nothing on success; errors still go to stderr.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Print more detail, on stderr.")
    var verbose = false

    init() {}

    func validate() throws {
        if quiet && verbose { throw ValidationError("Give -q or -v, not both.") }
    }

    /// A line of text output: not with `-q`, and not with `--json` (which prints ``emit(_:text:)`` only).
    func say(_ line: @autoclosure () -> String) {
        guard !quiet && !json else { return }
        print(line())
    }

    /// Detail for `-v`, on stderr.
    func detail(_ line: @autoclosure () -> String) {
        guard verbose else { return }
        printError("ferry: " + line())
    }

    /// The command's result: pretty JSON with `--json` (even with `-q`: asking for JSON is asking
    /// for output), else `text()` unless `-q`.
    func emit<T: Encodable>(_ value: T, text: () -> String) {
        if json {
            print(JSONOutput.document(value))
        } else if !quiet {
            let body = text()
            if !body.isEmpty { print(body, terminator: body.hasSuffix("\n") ? "" : "\n") }
        }
    }
}

/// Colours, only for a terminal and never when `NO_COLOR` is set (https://no-color.org) or
/// `TERM=dumb`.
enum Colour {
    static func enabled(fd: Int32) -> Bool {
        guard isatty(fd) == 1 else { return false }
        if let value = getenv("NO_COLOR"), value.pointee != 0 { return false }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
        return true
    }

    /// `text` in bold on stdout when colours are on.
    static func bold(_ text: String) -> String {
        enabled(fd: 1) ? "\u{1B}[1m" + text + "\u{1B}[0m" : text
    }

    /// The `ferry:` prefix of an error line on stderr, red when colours are on.
    static var errorPrefix: String {
        enabled(fd: 2) ? "\u{1B}[1;31mferry:\u{1B}[0m" : "ferry:"
    }
}
