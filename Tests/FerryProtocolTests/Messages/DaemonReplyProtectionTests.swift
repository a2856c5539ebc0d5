import FerryProtocol
import Testing

/// `ps`, `unlock`, `lock` and `protection-status` answer with the protection report: the typed
/// result carries it through the codec.
@Suite struct DaemonReplyProtectionTests {
    static let report = DaemonReply.ProtectionReport(lock: "locked", available: false, enforced: true,
                                                   keys: ["A": "absent"], held: 2)

    @Test func theReportSurvivesTheWire() throws {
        var result = DaemonReply.Result(outcome: .locked)
        result.protection = Self.report
        let line = WireCodec.encode(.reply(.init(id: 3, .result(result)))).dropLast()
        #expect(try WireCodec.decodeMessage(line) == .reply(.init(id: 3, .result(result))))
    }
}
