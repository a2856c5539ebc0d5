import Foundation
import Testing
import FerryTestSupport

/// `ferry send --url`: the sender learns whether the receiver opened the URL (issue 29: a URL
/// with no handler on B was "sent 0 B", exit 0, and only B's log said so).
@Suite(.offThePool, .serialized) struct SendURLOutcomeEndToEndTests {
    typealias Pair = SendEndToEndTests.Pair

    @Test func aURLTheReceiverHasNoHandlerForFailsOnTheSender() throws {
        let pair = try Pair()
        try pair.trustSender()
        let outcome = try pair.send("--url", "todolist://x")
        #expect(outcome.status == 69, "\(outcome.stdout) \(outcome.stderr)")
        #expect(outcome.stderr.hasPrefix("ferry: 127.0.0.1:\(pair.port) could not open todolist://x: no app"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("todolist"), "\(outcome.stderr)")
        #expect(!outcome.stdout.contains("sent 0 B"), "\(outcome.stdout)")
    }

    @Test func aURLTheReceiverOpensIsDelivered() throws {
        let pair = try Pair()
        try pair.trustSender()
        try pair.receiver.addRecorder("com.acme.todo", schemes: ["todolist"])
        let outcome = try pair.send("--url", "todolist://x")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(pair.receiver.received("com.acme.todo") == ["todolist://x"])
    }

    @Test func filesWithAURLThatFailsSayTheFilesArrived() throws {
        let pair = try Pair()
        try pair.trustSender()
        let path = try pair.file("note.txt", "hello")
        let outcome = try pair.send(path, "--url", "nosuch://y", "--json")
        #expect(outcome.status == 69, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("could not open nosuch://y (it got the file): "), "\(outcome.stderr)")
        let last = try #require(outcome.stdout.split(separator: "\n").last)
        let event = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect(event["event"] as? String == "failed")
    }
}
