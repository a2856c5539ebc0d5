import FerryCore
import Testing
@testable import FerryDaemon

/// The app manager's typed outcomes as `result` replies: the failures the CLI picks exit codes
/// from, and the bytes on the wire (docs/protocol.md).
@Suite struct DaemonRepliesTests {
    @Test func anOpenedURLIsTheResultItWasBefore() {
        let opened = OpenResult(id: 7, app: "com.acme.todo", outcome: .active, pid: 42, handled: true)
        let line = #"{"type":"result","id":7,"app":"com.acme.todo","outcome":"active","pid":42,"handled":true}"#
        #expect(WireCodec.encode(.reply(.init(id: 7, .result(.init(.opened(opened)))))) == Array((line + "\n").utf8))
    }

    @Test func aDeclinedOpenCarriesItsReason() {
        let declined = OpenResult(id: 1, app: "a", outcome: .declined, message: "no")
        let result = DaemonReply.Result(.opened(declined))
        #expect(result.outcome == .declined)
        #expect(result.failure == nil, "the outcome says it; the CLI picks the exit code")
        #expect(result.message == "no")
    }

    static let failures: [(DaemonError.Code, DaemonReply.Failure)] = [
        (.invalidURL, .invalidURL), (.unknownApp, .unknownApp), (.noHandler, .noHandler), (.failedToStart, .launchFailed),
        (.appFailed, .appFailed), (.notRunning, .notRunning), (.invalidApp, .invalidApp), (.stateFailed, .cannotWrite),
    ]

    @Test(arguments: failures)
    func aFailedOpenCarriesItsFailure(_ code: DaemonError.Code, _ failure: DaemonReply.Failure) {
        let error = DaemonError(code, "why")
        let result = DaemonReply.Result(.failed(id: 3, app: "a", error))
        #expect(result == {
            var expected = DaemonReply.Result(outcome: .failed)
            expected.app = "a"
            expected.message = error.message
            expected.failure = failure
            return expected
        }())
    }

    @Test func aCommandAppsLaunchIsPassedOn() {
        let command = CommandToRun(executable: "/bin/true", arguments: ["x"], environment: ["A": "1"])
        let result = DaemonReply.Result(.opened(OpenResult(id: 2, app: "a", outcome: .command, command: command)))
        #expect(result.command == CommandSpec(executable: "/bin/true", arguments: ["x"], environment: ["A": "1"]))
    }

    @Test func stateReportsAreOutcomes() {
        #expect(DaemonReply.Result(.none, app: "a").outcome == .none)
        #expect(DaemonReply.Result(.discarded, app: "a").outcome == .discarded)
        #expect(DaemonReply.Result(.saved(ArchiveInfo(size: 9)), app: "a").archive?.size == 9)
        let damaged = DaemonReply.Result(.damaged("bad key"), app: "a")
        #expect(damaged.outcome == .damaged)
        #expect(damaged.message == "bad key")
    }

    @Test func aProtocolErrorIsTheErrorLineItWasBefore() throws {
        let error = WireError(.malformedFrame, "clients may not send reply frames")
        let line = #"{"type":"error","message":"clients may not send reply frames","code":"malformed-frame"}"#
        #expect(WireCodec.encode(.failure(error)) == Array((line + "\n").utf8))
    }
}
