import Foundation
import Testing
import FerryTestSupport

/// `send --json`'s last event (issue 29): `items` are the same objects as `files`, not
/// tab-joined strings; `-q --json` still prints JSON.
@Suite(.offThePool, .serialized) struct SendJSONEndToEndTests {
    @Test(arguments: [["--json"], ["-q", "--json"]])
    func theLastEventsItemsAreObjects(_ flags: [String]) throws {
        let pair = try SendEndToEndTests.Pair()
        try pair.trustSender()
        let sent = try pair.sender.run(["send", try pair.file("a.txt", "a")] + flags
                                       + ["--to", "127.0.0.1:\(pair.port)", "--fingerprint", pair.receiverFingerprint])
        #expect(sent.status == 0, "\(sent.stderr)")
        let last = try #require(sent.stdout.split(separator: "\n").last)
        let event = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect(event["event"] as? String == "delivered")
        let items = try #require(event["items"] as? [[String: String]], "\(last)")
        #expect(items == event["files"] as? [[String: String]])
        #expect(items.first?["name"] == "a.txt")
        #expect(items.first?["status"] == "delivered")
    }
}
