import FerryCore
import Testing
@testable import FerryDaemon

/// The app manager's typed outcomes as `result` replies: the exit codes the CLI ends with, and the
/// same bytes on the wire as the flat frames ferryd sent before, in both versions.
@Suite struct DaemonRepliesTests {
    @Test(arguments: [1, 2])
    func anOpenedURLIsTheResultItWasBefore(_ version: Int) {
        let opened = OpenResult(id: 7, app: "com.acme.todo", outcome: .active, pid: 42, handled: true)
        var frame = WireFrame(type: "result", id: 7)
        frame.outcome = "active"
        frame.app = "com.acme.todo"
        frame.pid = 42
        frame.handled = true
        #expect(line(.init(.opened(opened)), version) == WireCodec.encode(frame, version: version))
    }

    @Test func aDeclinedOpenExits77WithItsReason() {
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
            var expected = DaemonReply.Result(id: 3, outcome: .failed)
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
        #expect(DaemonReply.Result(4, .none, app: "a").outcome == .none)
        #expect(DaemonReply.Result(4, .discarded, app: "a").outcome == .discarded)
        #expect(DaemonReply.Result(4, .saved(ArchiveInfo(size: 9)), app: "a").archive?.size == 9)
        let damaged = DaemonReply.Result(4, .damaged("bad key"), app: "a")
        #expect(damaged.outcome == .damaged)
        #expect(damaged.message == "bad key")
    }

    @Test(arguments: [1, 2])
    func aProtocolErrorIsTheErrorFrameItWasBefore(_ version: Int) throws {
        let error = WireError(.malformedFrame, "clients may not send reply frames")
        // Version 2 writes it through Codable, whose member order varies: compare what is read back.
        let typed = WireCodec.encode(.failure(error), version: version).dropLast()
        let flat = WireCodec.encode(error.frame, version: version).dropLast()
        #expect(try WireCodec.decode(typed, version: version) == WireCodec.decode(flat, version: version))
        if version == 1 { #expect(typed == flat) }
    }

    private func line(_ result: DaemonReply.Result, _ version: Int) -> [UInt8] {
        WireCodec.encode(.reply(.result(result)), version: version)
    }
}
