import ArgumentParser
@testable import FerryCommands
import FerryCore
import Testing

/// ferryd names the failure; the CLI alone turns it into the documented exit code.
@Suite struct DaemonFailureExitTests {
    static let table: [(DaemonReply.Failure, Int32)] = [
        (.invalidURL, 65), (.unknownApp, 67), (.noHandler, 69), (.launchFailed, 71), (.notRunning, 1),
        (.invalidApp, 64), (.cannotWrite, 73), (.appFailed, 75), (.declined, 77), (.transferFailed, 74),
        (.cancelled, 130), (.ambiguousPeer, 64), (.notFound, 1),
    ]

    @Test(arguments: table)
    func eachFailureHasItsExitCode(_ failure: DaemonReply.Failure, _ code: Int32) {
        #expect(failure.exit.rawValue == code)
    }

    @Test func everyFailureIsInTheTable() {
        #expect(Set(Self.table.map(\.0)) == Set(DaemonReply.Failure.allCases))
    }

    @Test func aResultWithoutFailureExitsWithTheCommandsOwnCode() {
        var result = DaemonReply.Result(outcome: .failed)
        #expect(result.exit(or: FerryExit.no) == FerryExit.no)
        result.failure = .declined
        #expect(result.exit(or: FerryExit.no) == FerryExit.declined)
    }
}
