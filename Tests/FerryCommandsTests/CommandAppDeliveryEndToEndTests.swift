import Foundation
import Testing
import FerryTestSupport

/// A file sent to a command app: ferryd starts the app with the file's URL, its output going to
/// `$XDG_STATE_HOME/ferry/logs/<id>.log`, a folder that does not exist in a fresh world.
@Suite(.offThePool, .serialized) struct CommandAppDeliveryEndToEndTests {
    @Test func aFileForACommandAppOpensItInAFreshWorld() throws {
        let pair = try SendEndToEndTests.Pair()
        try pair.receiver.addRecorder("com.test.notes", schemes: ["notes"], extra: [
            "CFBundleDocumentTypes": [["CFBundleTypeExtensions": ["txt"], "LSHandlerRank": "Owner", "CFBundleTypeRole": "Viewer"]],
        ])
        try pair.trustSender()
        #expect(!FileManager.default.fileExists(atPath: pair.receiver.root + "/state/ferry/logs"))
        let sent = try pair.send(try pair.file("todo.txt", "milk"), "--app", "com.test.notes")
        #expect(sent.status == 0, "\(sent.stderr)")
        let stored = pair.receiver.documents("com.test.notes") + "/Inbox/todo.txt"
        #expect(pair.receiver.received("com.test.notes") == ["file://" + stored])
        let log = (try? String(contentsOfFile: pair.receiver.root + "/state/ferry/ferryd.log", encoding: .utf8)) ?? ""
        #expect(!log.contains("transfer open failed"), "\(log.suffix(2000))")
    }
}
