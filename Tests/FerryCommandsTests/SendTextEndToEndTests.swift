import Foundation
import Testing
import FerryTestSupport

/// `ferry send --text "…"` and `ferry send -` (stdin), as croc and kdeconnect-cli take them.
@Suite(.offThePool, .serialized) struct SendTextEndToEndTests {
    static func inbox(_ pair: SendEndToEndTests.Pair) -> String {
        pair.receiver.root + "/data/ferry/Containers/org.ferry.system.files/Documents/Inbox"
    }

    @Test func textArrivesAsTextDotTxtAndNoCopyStaysBehind() throws {
        let pair = try SendEndToEndTests.Pair()
        try pair.trustSender()
        let sent = try pair.send("--text", "the door code is 4711")
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout.contains("delivered text.txt"), "\(sent.stdout)")
        #expect(sent.stdout.contains("average)"), "the summary line: \(sent.stdout)")
        #expect(try String(contentsOfFile: Self.inbox(pair) + "/text.txt", encoding: .utf8) == "the door code is 4711")
        let outgoing = pair.sender.root + "/data/ferry/outgoing"
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: outgoing)) ?? []).isEmpty)
    }

    @Test func aDashSendsStandardInput() throws {
        let pair = try SendEndToEndTests.Pair()
        try pair.trustSender()
        let sent = try pair.sender.run(["send", "-", "--to", "127.0.0.1:\(pair.port)", "--fingerprint", pair.receiverFingerprint],
                                       stdin: "line one\nline two\n")
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(try String(contentsOfFile: Self.inbox(pair) + "/stdin.txt", encoding: .utf8) == "line one\nline two\n")
    }

    @Test func quietPrintsNothingOnSuccess() throws {
        let pair = try SendEndToEndTests.Pair()
        try pair.trustSender()
        let sent = try pair.send("--text", "hi", "-q")
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout.isEmpty, "\(sent.stdout)")
        let verbose = try pair.send("--text", "hi", "-v")
        #expect(verbose.status == 0, "\(verbose.stderr)")
        #expect(verbose.stderr.hasPrefix("ferry: asked ferryd to send 1 file(s) to 127.0.0.1:\(pair.port) as "), "\(verbose.stderr)")
    }

    /// `send --json` ended with tab-joined `items`; the files are objects now (items kept).
    @Test func theFinalJSONEventListsFilesAsObjects() throws {
        let pair = try SendEndToEndTests.Pair()
        try pair.trustSender()
        let sent = try pair.send("--text", "hi", "--json")
        #expect(sent.status == 0, "\(sent.stderr)")
        let last = try #require(sent.stdout.split(separator: "\n").last)
        let event = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        let files = try #require(event["files"] as? [[String: String]])
        #expect(files.first?["name"] == "text.txt")
        #expect(files.first?["status"] == "delivered")
        #expect(files.first?["bundleIdentifier"] == "org.ferry.system.files")
        #expect(event["items"] != nil)
    }
}
