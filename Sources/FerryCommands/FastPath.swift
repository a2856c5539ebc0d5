import FerryCore

#if canImport(Glibc)
import Glibc
#endif

/// The command lines `ferry` answers without swift-argument-parser: `--version` and the plain
/// forms of `open` (see ``OpenArguments/fastParse(_:)``). Building the parser's command tree walks
/// every command's properties by reflection and looks up protocol conformances in the whole
/// binary, several times what opening a URL costs. Anything else, and every mistake, goes to the
/// full parser, so help, messages and exit codes stay its own.
enum FastPath: Equatable {
    case version
    case open(OpenArguments)

    /// Set to 1 to send every command line through the full parser: the end-to-end tests run the
    /// binary both ways and compare what it prints and its exit code.
    static let fullParserVariable = "FERRY_FULL_PARSER"

    /// The command `arguments` ask for, if the fast path knows it; nil for anything else.
    init?(_ arguments: [String]) {
        if arguments == ["--version"] {
            self = .version
        } else if let open = OpenArguments.fastParse(arguments) {
            self = .open(open)
        } else {
            return nil
        }
    }

    /// Whether the fast path is on (it is, unless ``fullParserVariable`` is 1).
    static var enabled: Bool {
        guard let value = getenv(fullParserVariable) else { return true }
        return String(cString: value) != "1"
    }

    /// Does what the full parser's command would do; failures are thrown as the command throws them.
    func run() throws {
        switch self {
        case .version: print(Ferry.versionLine)
        case .open(let open): try open.run()
        }
    }
}
