import Foundation
import Testing
@testable import FerryProtocol

@Suite struct WireCodecTests {
    static var samples: [WireMessage] {
        let open = ClientRequest.Open(url: "todolist://x/a%20b?q=\"quoted\"\\#frag", app: "com.acme.todo", background: true, wait: false)
        let event = AppEvent.Event(event: "willFinishLaunching",
                                   options: AppEvent.LaunchOptions(url: "x:é✓🚢\n\t\u{1}", sourceApplication: "com.src", annotation: nil))
        var result = DaemonReply.Result(outcome: .command)
        result.pid = -1
        result.failure = .declined
        result.command = DaemonReply.CommandSpec(executable: "/bin/sh", arguments: ["sh", "-c", "echo \"$1\"", "a b"],
                                                 environment: ["FERRY_BUNDLE_ID": "com.a", "X": "y=z"])
        result.apps = [DaemonReply.AppStatus(bundleId: "com.a", state: "active", pid: 42, since: 1_700_000_000.25)]
        let hello = Handshake.Hello(protocol: 1, role: .app, token: "abc")
        return [.request(.init(id: 7, .open(open))), .event(.init(id: 1, .event(event))), .reply(.init(id: 2, .result(result))), .handshake(.hello(hello))]
    }

    @Test(arguments: samples)
    func roundTrips(_ message: WireMessage) throws {
        let line = WireCodec.encode(message)
        #expect(line.last == 0x0A)
        #expect(!line.dropLast().contains(0x0A))
        #expect(try WireCodec.decodeMessage(line.dropLast()) == message)
    }

    @Test(arguments: samples)
    func foundationReadsWhatWeWriteAndWeReadWhatItWrites(_ message: WireMessage) throws {
        // Foundation parses our line, writes it again its own way, and we read that back.
        let ours = Data(WireCodec.encode(message).dropLast())
        let theirs = try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: ours))
        #expect(try WireCodec.decodeMessage(Array(theirs)) == message)
    }

    @Test func acceptsWhitespaceEscapesAndUnknownFields() throws {
        let line = #" { "type" : "reply", "id": 3, "result": true, "extra": {"nested": [1, 2.5e3, null, "\u00e9\ud83d\udea2"]} } "#
        #expect(try WireCodec.decodeMessage(Array(line.utf8)) == .appReply(.init(id: 3, .reply(.init(result: true)))))
        let url = WireMessage.request(.init(id: 1, .open(.init(url: "é🚢"))))
        #expect(try WireCodec.decodeMessage(Array(#"{"type":"open","id":1,"url":"\u00e9\ud83d\udea2"}"#.utf8)) == url)
    }

    @Test(arguments: [
        "", "{", "[]", "null", "{\"type\":1}", "{\"id\":1}", "{\"type\":\"reply\",\"id\":\"1\"}",
        "{\"type\":\"reply\",\"id\":1,\"result\":\"yes\"}", "{\"type\":\"reply\",\"id\":1}x", "{\"type\":\"reply\",\"id\":1,}",
        "{\"type\":\"open\",\"id\":1,\"url\":\"\\ud800\"}", "{\"type\":\"open\",\"id\":1,\"url\":\"a\u{1}\"}",
        "{\"type\":\"open\",\"id\":1}", "{\"type\":\"nope\",\"id\":1}", String(repeating: "[", count: 40),
        "{\"type\":\"result\",\"id\":1}", "{\"type\":\"result\",\"id\":1,\"outcome\":\"newer\"}",
        "{\"type\":\"hello\",\"protocol\":3,\"role\":\"app\"}", "{\"type\":\"pair\",\"id\":1,\"host\":\"h\"}",
        "{\"type\":\"event\",\"id\":1,\"event\":\"open\",\"options\":[]}", "{\"type\":\"reply\",\"id\":-}",
    ])
    func rejectsMalformedLines(_ line: String) {
        #expect(throws: WireError.self) { try WireCodec.decodeMessage(Array(line.utf8)) }
    }

    @Test func rejectsInvalidUTF8() {
        let bytes: [UInt8] = Array(#"{"type":"open","id":1,"url":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8)
        #expect(throws: WireError.self) { try WireCodec.decodeMessage(bytes) }
    }

    /// One rule for frames and bodies: a key twice is refused (JSONFields kept the first of two
    /// values, the frame reader the last, so two readers could act on different URLs).
    @Test(arguments: [
        #"{"type":"open","id":1,"url":"a:1","url":"b:2"}"#, #"{"type":"reply","type":"open","id":1,"url":"a:1"}"#,
        #"{"type":"result","id":1,"outcome":"ok","command":{"executable":"/bin/a","arguments":[],"environment":{"A":"1","A":"2"}}}"#,
        #"{"type":"reply","id":1,"id":2}"#, #"{"type":"reply","id":+1}"#, #"{"type":"reply","id":01}"#,
        #"{"type":"result","id":1,"outcome":"ok","pid":4294967297}"#, #"{"type":"result","id":1,"outcome":"ok","pid":-2147483649}"#,
    ])
    func refusesDuplicateKeysAndNumbersRFC8259Forbids(_ line: String) {
        #expect { try WireCodec.decodeMessage(Array(line.utf8)) } throws: { error in
            (error as? WireError)?.code == .malformedFrame
        }
    }
}
