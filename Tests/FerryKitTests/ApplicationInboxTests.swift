import Foundation
import Testing
import FerryKit

@Suite struct ApplicationInboxTests {
    let root = NSTemporaryDirectory() + "ferrykit-inbox-" + UUID().uuidString
    var documents: String { root + "/Documents" }

    func application() throws -> Application {
        try FileManager.default.createDirectory(atPath: documents + "/Inbox/photos", withIntermediateDirectories: true)
        return Application(bundleIdentifier: "com.test.inbox", containerDirectory: root, documentsDirectory: documents)
    }

    /// A read-only file in the Inbox, as ferryd leaves it.
    func received(_ name: String, _ text: String) throws {
        let path = documents + "/Inbox/" + name
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
    }

    func mode(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    }

    @Test func aReadOnlyFileMovesIntoDocumentsAndBecomesWritable() throws {
        let app = try application()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try received("note.txt", "hello")
        let moved = try app.moveFromInbox("note.txt")
        #expect(moved == documents + "/note.txt")
        #expect(try String(contentsOfFile: moved, encoding: .utf8) == "hello")
        #expect(try mode(moved) == 0o644)
        #expect(!FileManager.default.fileExists(atPath: documents + "/Inbox/note.txt"))
    }

    @Test func aTakenNameIsNumberedAndNothingIsOverwritten() throws {
        let app = try application()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "mine".write(toFile: documents + "/note.txt", atomically: false, encoding: .utf8)
        try received("note.txt", "first")
        try received("photos/note.txt", "second")
        #expect(try app.moveFromInbox("note.txt") == documents + "/note 2.txt")
        #expect(try app.moveFromInbox("photos/note.txt") == documents + "/note 3.txt")
        #expect(try String(contentsOfFile: documents + "/note.txt", encoding: .utf8) == "mine")
        #expect(try String(contentsOfFile: documents + "/note 3.txt", encoding: .utf8) == "second")
    }

    @Test func aReceivedFolderMovesWhole() throws {
        let app = try application()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try received("photos/a.jpg", "a")
        #expect(try app.moveFromInbox("photos") == documents + "/photos")
        #expect(FileManager.default.fileExists(atPath: documents + "/photos/a.jpg"))
    }

    @Test(arguments: ["", "/etc/passwd", "../Documents", "photos/../../x", "."])
    func namesOutsideTheInboxAreRefused(name: String) throws {
        let app = try application()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(throws: InboxError.self) { _ = try app.moveFromInbox(name) }
    }

    @Test func aMissingFileSaysSo() throws {
        let app = try application()
        defer { try? FileManager.default.removeItem(atPath: root) }
        do {
            _ = try app.moveFromInbox("gone.txt")
            Issue.record("moved a file that is not there")
        } catch {
            #expect(error.code == .notFound)
            #expect(error.message.hasPrefix(documents + "/Inbox/gone.txt does not exist"))
        }
    }
}
