import Foundation
import Testing
@testable import FerryProtocol

@Suite struct WireCodecTests {
    static var samples: [WireFrame] {
        var open = WireFrame(type: "open", id: 7)
        open.url = "todolist://x/a%20b?q=\"quoted\"\\#frag"
        open.app = "com.acme.todo"
        open.background = true
        open.wait = false
        var event = WireFrame(type: "event", id: 1)
        event.event = "willFinishLaunching"
        event.options = WireFrame.LaunchOptions(url: "x:é✓🚢\n\t\u{1}", sourceApplication: "com.src", annotation: nil)
        var result = WireFrame(type: "result", id: 2)
        result.outcome = "command"
        result.pid = -1
        result.failure = "declined"
        result.command = WireFrame.CommandSpec(executable: "/bin/sh", arguments: ["sh", "-c", "echo \"$1\"", "a b"],
                                               environment: ["FERRY_BUNDLE_ID": "com.a", "X": "y=z"])
        result.apps = [WireFrame.AppStatus(bundleId: "com.a", state: "active", pid: 42, since: 1_700_000_000.25)]
        var hello = WireFrame(type: "hello")
        hello.protocol = 1
        hello.role = "app"
        hello.token = "abc"
        return [open, event, result, hello]
    }

    @Test(arguments: samples)
    func roundTrips(_ frame: WireFrame) throws {
        let line = WireCodec.encode(frame)
        #expect(line.last == 0x0A)
        #expect(!line.dropLast().contains(0x0A))
        #expect(try WireCodec.decode(line.dropLast()) == frame)
    }

    @Test(arguments: samples)
    func foundationReadsWhatWeWriteAndWeReadWhatItWrites(_ frame: WireFrame) throws {
        // Foundation parses our line, writes it again its own way, and we read that back.
        let ours = Data(WireCodec.encode(frame).dropLast())
        let theirs = try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: ours))
        #expect(try WireCodec.decode(Array(theirs)) == frame)
    }

    @Test func acceptsWhitespaceEscapesAndUnknownFields() throws {
        let line = #" { "type" : "reply", "id": 3, "result": true, "extra": {"nested": [1, 2.5e3, null, "\u00e9\ud83d\udea2"]} } "#
        let frame = try WireCodec.decode(Array(line.utf8))
        #expect(frame.type == "reply" && frame.id == 3 && frame.result == true)
        var url = WireFrame(type: "open", id: 1)
        url.url = "é🚢"
        #expect(try WireCodec.decode(Array(#"{"type":"open","id":1,"url":"\u00e9\ud83d\udea2"}"#.utf8)) == url)
    }

    @Test(arguments: [
        "", "{", "[]", "null", "{\"type\":1}", "{\"id\":1}", "{\"type\":\"reply\",\"id\":\"1\"}",
        "{\"type\":\"reply\",\"id\":1,\"result\":\"yes\"}", "{\"type\":\"reply\",\"id\":1}x", "{\"type\":\"reply\",\"id\":1,}",
        "{\"type\":\"open\",\"id\":1,\"url\":\"\\ud800\"}", "{\"type\":\"open\",\"id\":1,\"url\":\"a\u{1}\"}",
        "{\"type\":\"open\",\"id\":1}", "{\"type\":\"nope\",\"id\":1}", String(repeating: "[", count: 40),
        "{\"type\":\"open\",\"id\":1,\"url\":\"x\",\"options\":[]}", "{\"type\":\"reply\",\"id\":-}",
    ])
    func rejectsMalformedFrames(_ line: String) {
        #expect(throws: WireError.self) { try WireCodec.decode(Array(line.utf8)) }
    }

    @Test func rejectsInvalidUTF8() {
        let bytes: [UInt8] = Array(#"{"type":"open","id":1,"url":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8)
        #expect(throws: WireError.self) { try WireCodec.decode(bytes) }
    }

    /// One rule for frames and bodies: a key twice is refused (JSONFields kept the first of two
    /// values, the frame reader the last, so two readers could act on different URLs).
    @Test(arguments: [
        #"{"type":"open","id":1,"url":"a:1","url":"b:2"}"#, #"{"type":"reply","type":"open","id":1,"url":"a:1"}"#,
        #"{"type":"result","id":1,"command":{"executable":"/bin/a","arguments":[],"environment":{"A":"1","A":"2"}}}"#,
        #"{"type":"reply","id":1,"id":2}"#, #"{"type":"reply","id":+1}"#, #"{"type":"reply","id":01}"#,
        #"{"type":"result","id":1,"pid":4294967297}"#, #"{"type":"result","id":1,"pid":-2147483649}"#,
    ])
    func refusesDuplicateKeysAndNumbersRFC8259Forbids(_ line: String) {
        #expect { try WireCodec.decode(Array(line.utf8)) } throws: { error in
            (error as? WireError)?.code == .malformedFrame
        }
    }
}
