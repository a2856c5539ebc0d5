import ArgumentParser
import FerryCore

// Exit codes are the CLI's alone: ferryd says what kind of failure, `ferry` picks the status.

extension DaemonReply.Failure {
    /// The exit code `ferry` ends with after a request failed this way.
    var exit: ExitCode {
        switch self {
        case .invalidURL: FerryExit.invalidURL
        case .unknownApp: FerryExit.unknownApp
        case .noHandler: FerryExit.noHandler
        case .launchFailed: FerryExit.launchFailed
        case .notRunning, .notFound: FerryExit.no
        case .invalidApp, .ambiguousPeer: FerryExit.usage
        case .cannotWrite: FerryExit.cannotWrite
        case .appFailed: FerryExit.appFailed
        case .declined: FerryExit.declined
        case .transferFailed: FerryExit.transferFailed
        case .cancelled: FerryExit.interrupted
        }
    }
}

extension DaemonReply.Result {
    /// The exit code of this failed result: its failure's, else `fallback` (the command's own).
    func exit(or fallback: ExitCode) -> ExitCode {
        failure?.exit ?? fallback
    }
}
