import FerryCore

/// How an `open` ended, as the app manager reports it; the connection layer turns it into a
/// `result` frame (and picks the exit code a declined open has).
struct OpenResult: Sendable, Equatable {
    /// The protocol's outcome, one type from here to the CLI: `launched`, `background`,
    /// `foreground`, `active`; `declined` (a launch event answered false); `command` (a command
    /// app: the client starts ``command`` itself, in its terminal).
    typealias Outcome = DaemonReply.Outcome

    var id: Int
    var app: String
    var outcome: Outcome
    var pid: Int32?
    /// The app's answer to `open`, when the caller waited for it.
    var handled: Bool?
    /// Why, for a declined open.
    var message: String?
    var command: CommandToRun?
}

/// A command app's launch, for the client to run.
struct CommandToRun: Sendable, Equatable {
    var executable: String
    var arguments: [String]
    /// Only Ferry's variables the client does not have already.
    var environment: [String: String]
}

/// An open's reply: how it ended, or why it failed.
enum OpenReply: Sendable {
    case opened(OpenResult)
    case failed(id: Int, app: String?, DaemonError)

    /// Whether the app took the URL.
    var succeeded: Bool {
        if case .opened(let result) = self { result.outcome != .declined } else { false }
    }
}

/// `ferry quit` and `ferry kill`: what was done.
enum QuitOutcome: String, Sendable {
    case quit, killed
}

/// `ferry memory-warning`: how many apps were warned and how many suspended ones terminated.
struct MemoryWarningReport: Sendable, Equatable {
    var warned = 0
    var terminated = 0
}

/// `ferry ps`: one app the daemon has run.
struct AppStatusRow: Sendable, Equatable {
    var bundleId: String
    var state: AppState
    var pid: Int32?
    var since: Double
    /// What is left of the background budget (`backgroundTimeRemaining`); nil outside the background.
    var backgroundTimeRemaining: Duration? = nil
}

/// `ferry state APP [--discard]`: what is saved for the app.
enum StateReport: Sendable {
    case discarded, none
    case saved(ArchiveInfo)
    /// The archive does not decrypt; why.
    case damaged(String)
}
