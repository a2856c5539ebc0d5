import FerryProtocol
import Testing

/// Outcomes, events, roles, actions and modes are closed sets: a word from a newer peer is a clear
/// error that names it, on the hot path and off it.
@Suite struct WireWordTests {
    @Test(arguments: [
        #"{"type":"result","id":1,"outcome":"teleported"}"#,
        #"{"type":"result","id":1,"outcome":"teleported","trusted":[]}"#,
    ])
    func anUnknownOutcomeNamesItself(_ line: String) {
        let error = #expect(throws: WireError.self) { try WireCodec.decodeMessage(Array(line.utf8)) }
        #expect(error?.code == .malformedFrame)
        #expect(error?.message.contains("unknown outcome \"teleported\"") == true)
        #expect(error?.message.contains("upgrade ferry") == true)
    }

    @Test func anUnknownProgressEventNamesItself() {
        let line = #"{"type":"progress","id":1,"event":"warped"}"#
        let error = #expect(throws: WireError.self) { try WireCodec.decodeMessage(Array(line.utf8)) }
        #expect(error?.message.contains("unknown progress event \"warped\"") == true)
    }

    @Test func anUnknownTrustActionNamesItself() {
        let line = #"{"type":"trust","id":1,"action":"forget"}"#
        let error = #expect(throws: WireError.self) { try WireCodec.decodeMessage(Array(line.utf8)) }
        #expect(error?.message.contains("unknown trust action \"forget\"") == true)
    }

    @Test(arguments: DaemonReply.Outcome.allCases)
    func everyOutcomeGoesThereAndBack(_ outcome: DaemonReply.Outcome) throws {
        let line = WireCodec.encode(.reply(.init(id: 3, .result(.init(outcome: outcome))))).dropLast()
        #expect(try WireCodec.decodeMessage(line) == .reply(.init(id: 3, .result(.init(outcome: outcome)))))
        #expect("\(outcome)" == outcome.rawValue)
    }
}
