import FerryProtocol
import Testing

/// The app-services frames (docs/app-services.md) byte for byte, and back: background tasks,
/// the expiry warning, queued notifications and the budget on `didEnterBackground`.
@Suite struct AppServicesWireTests {
    static let cases: [(WireMessage, String)] = [
        (.appReply(Envelope(id: 1, .backgroundTask(.init(action: .begin, name: "upload")))),
         ##"{"type":"background-task","id":1,"action":"begin","name":"upload"}"##),
        (.appReply(Envelope(id: 1, .backgroundTask(.init(action: .end)))),
         ##"{"type":"background-task","id":1,"action":"end"}"##),
        (.event(Envelope(id: 9, .event(.init(event: "backgroundTaskWillExpire", task: 1)))),
         ##"{"type":"event","id":9,"event":"backgroundTaskWillExpire","task":1}"##),
        (.event(Envelope(id: 4, .event(.init(event: "didEnterBackground", budgetMs: 30000)))),
         ##"{"type":"event","id":4,"event":"didEnterBackground","budgetMs":30000}"##),
        (.event(Envelope(id: 5, .event(.init(event: "significantTimeChange", value: "time-zone")))),
         ##"{"type":"event","id":5,"event":"significantTimeChange","value":"time-zone"}"##),
        (.event(Envelope(id: 6, .event(.init(event: "currentLocaleDidChange", value: "de_DE.UTF-8")))),
         ##"{"type":"event","id":6,"event":"currentLocaleDidChange","value":"de_DE.UTF-8"}"##),
        (.event(Envelope(id: 7, .event(.init(event: "userDefaultsDidChange")))),
         ##"{"type":"event","id":7,"event":"userDefaultsDidChange"}"##),
        (.reply(Envelope(id: 2, .result(psResult))),
         ##"{"type":"result","id":2,"outcome":"ok","apps":[{"bundleId":"a.b","state":"background","pid":7,"since":1.5,"backgroundRemainingMs":2500}]}"##),
    ]

    static var psResult: DaemonReply.Result {
        var result = DaemonReply.Result(outcome: .ok)
        result.apps = [.init(bundleId: "a.b", state: "background", pid: 7, since: 1.5, backgroundRemainingMs: 2500)]
        return result
    }

    @Test(arguments: cases)
    func aFrameIsItsLineAndBack(_ message: WireMessage, _ line: String) throws {
        #expect(String(decoding: WireCodec.encode(message), as: UTF8.self) == line + "\n")
        #expect(try WireCodec.decodeMessage(Array(line.utf8)) == message)
    }

    @Test func anUnknownTaskActionIsRefusedByName() {
        #expect {
            try WireCodec.decodeMessage(Array(##"{"type":"background-task","id":1,"action":"pause"}"##.utf8))
        } throws: { error in
            "\(error)".contains("unknown background-task action \"pause\"")
        }
    }
}
