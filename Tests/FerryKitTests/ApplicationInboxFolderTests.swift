import Foundation
import Testing
import FerryKit

/// A received folder taken out of the Inbox: writable like the app's own files, from read-only folders.
@Suite struct ApplicationInboxFolderTests {
    let root = NSTemporaryDirectory() + "ferrykit-inbox-folder-" + UUID().uuidString
    var documents: String { root + "/Documents" }

    func mode(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    }

    /// `Inbox/photos/{a.txt, 2024/b.txt}` as ferryd leaves them: files 0444, folders 0555.
    func receivedFolder() throws -> Application {
        let inbox = documents + "/Inbox"
        try FileManager.default.createDirectory(atPath: inbox + "/photos/2024", withIntermediateDirectories: true)
        for name in ["photos/a.txt", "photos/2024/b.txt"] {
            try name.write(toFile: inbox + "/" + name, atomically: false, encoding: .utf8)
            chmod(inbox + "/" + name, 0o444)
        }
        for folder in ["photos/2024", "photos", ""] { chmod(inbox + "/" + folder, 0o555) }
        return Application(bundleIdentifier: "com.test.inbox", containerDirectory: root, documentsDirectory: documents)
    }

    @Test func aFolderMovedOutOfTheInboxHasWritableFilesAndFolders() throws {
        let app = try receivedFolder()
        defer { chmod(documents + "/Inbox", 0o755); try? FileManager.default.removeItem(atPath: root) }
        let moved = try app.moveFromInbox("photos")
        #expect(moved == documents + "/photos")
        #expect(try mode(moved) == 0o755)
        #expect(try mode(moved + "/2024") == 0o755)
        #expect(try mode(moved + "/a.txt") == 0o644)
        #expect(try mode(moved + "/2024/b.txt") == 0o644)
        #expect(try String(contentsOfFile: moved + "/2024/b.txt", encoding: .utf8) == "photos/2024/b.txt")
        // The Inbox stays read-only once the move is done.
        #expect(try mode(documents + "/Inbox") == 0o555)
        #expect(!FileManager.default.fileExists(atPath: documents + "/Inbox/photos"))
    }

    @Test func aFileOfAReceivedFolderMovesOutAndItsFolderStaysReadOnly() throws {
        let app = try receivedFolder()
        defer { chmod(documents + "/Inbox", 0o755); chmod(documents + "/Inbox/photos", 0o755); try? FileManager.default.removeItem(atPath: root) }
        let moved = try app.moveFromInbox("photos/a.txt")
        #expect(moved == documents + "/a.txt")
        #expect(try mode(moved) == 0o644)
        #expect(try mode(documents + "/Inbox/photos") == 0o555)
    }
}
