import FerryProtocol
import Testing

/// `ps`, `unlock`, `lock` and `protection-status` answer with the protection report: the typed
/// result carries it through both codecs, as the flat frame did.
@Suite struct DaemonReplyProtectionTests {
    static let report = WireFrame.ProtectionReport(lock: "locked", available: false, enforced: true,
                                                   keys: ["A": "absent"], held: 2)

    @Test func theReportSurvivesTheWire() throws {
        var result = DaemonReply.Result(id: 3, outcome: .locked)
        result.protection = Self.report
        let line = WireCodec.encode(.reply(.result(result))).dropLast()
        #expect(try WireCodec.decodeMessage(line) == .reply(.result(result)))
        #expect(try WireCodec.decode(line).protection == Self.report)
    }

    @Test func aFlatFrameWithAReportKeepsIt() throws {
        var frame = WireFrame(type: "result", id: 3)
        frame.outcome = "ok"
        frame.protection = Self.report
        guard case .reply(.result(let result)) = try WireMessage(frame: frame) else {
            Issue.record("not a result")
            return
        }
        #expect(result.protection == Self.report)
        #expect(result.frame == frame)
    }
}
