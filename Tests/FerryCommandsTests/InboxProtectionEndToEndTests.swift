import Foundation
import Testing
import FerryTestSupport

/// A received folder in an app's Inbox: read-only folders, and `ferry inbox` lists only what is there.
/// Two real ferryd on loopback.
@Suite(.offThePool, .serialized) struct InboxProtectionEndToEndTests {
    static func mode(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
    }

    @Test func aReceivedFolderIsReadOnlyAndTheListingShowsOnlyWhatIsThere() throws {
        let pair = try SendEndToEndTests.Pair()
        try pair.trustSender()
        let folder = pair.sender.root + "/photos"
        try FileManager.default.createDirectory(atPath: folder + "/2024", withIntermediateDirectories: true)
        for name in ["a.txt", "b.txt", "2024/c.txt"] { try Data(name.utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        let sent = try pair.send(folder)
        #expect(sent.status == 0, "\(sent.stderr)")
        let inbox = pair.receiver.root + "/data/ferry/Containers/org.ferry.system.files/Documents/Inbox"
        // Read-only all the way down: the app cannot add, rename or remove entries by mistake.
        for path in [inbox, inbox + "/photos", inbox + "/photos/2024"] { #expect(Self.mode(path) == 0o555, "\(path)") }
        for path in ["a.txt", "b.txt", "2024/c.txt"] { #expect(Self.mode(inbox + "/photos/" + path) == 0o444) }
        // A second send into the same Inbox still works (ferryd opens it for writing for the move).
        #expect(try pair.send(try pair.file("note.txt", "hello")).status == 0)
        #expect(FileManager.default.fileExists(atPath: inbox + "/note.txt"))
        #expect(Self.mode(inbox) == 0o555)
        // The app deletes one file of the folder (it may, after making the folder writable): the
        // listing shows what is there.
        chmod(inbox + "/photos", 0o755)
        try FileManager.default.removeItem(atPath: inbox + "/photos/a.txt")
        let listing = try pair.receiver.run("inbox", "--json").stdout
        #expect(!listing.contains("photos/a.txt"), "\(listing)")
        #expect(listing.contains("photos/b.txt") && listing.contains("photos/2024/c.txt") && listing.contains("note.txt"), "\(listing)")
        let table = try pair.receiver.run("inbox").stdout
        #expect(!table.contains("a.txt") && table.contains("b.txt"), "\(table)")
    }
}

extension InboxProtectionEndToEndTests {
    /// As a normal user, for whom 0555 really refuses writes: ferryd still delivers into its
    /// read-only Inbox, a folder whole and then file by file beside it, and a single file.
    @Test func aNormalUsersFerrydDeliversIntoItsReadOnlyInbox() throws {
        let receiver = try NonRootWorld()
        let sender = try NonRootWorld()
        let receiverFingerprint = String(try receiver.run("trust", "self").stdout.prefix(64))
        let senderFingerprint = String(try sender.run("trust", "self").stdout.prefix(64))
        let port = try receiver.transferPort()
        #expect(try receiver.run("trust", "add", senderFingerprint, "--name", "sender").status == 0)
        let folder = sender.world.root + "/photos"
        try FileManager.default.createDirectory(atPath: folder + "/2024", withIntermediateDirectories: true)
        for name in ["a.txt", "2024/c.txt"] { try Data(name.utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        let note = sender.world.root + "/note.txt"
        try "hello".write(toFile: note, atomically: true, encoding: .utf8)
        for path in [folder, sender.world.root, note] { chown(path, sender.uid, sender.uid) }
        for path in ["a.txt", "2024", "2024/c.txt"] { chown(folder + "/" + path, sender.uid, sender.uid) }
        let inbox = receiver.world.documents("org.ferry.system.files") + "/Inbox"
        for round in 1...2 {
            let sent = try sender.run("send", folder, "--to", "127.0.0.1:\(port)", "--fingerprint", receiverFingerprint)
            #expect(sent.status == 0, "round \(round): \(sent.stderr)")
        }
        let sent = try sender.run("send", note, "--to", "127.0.0.1:\(port)", "--fingerprint", receiverFingerprint)
        #expect(sent.status == 0, "\(sent.stderr)")
        let listing = (FileManager.default.subpaths(atPath: inbox) ?? []).sorted()
        // The second time the folder's name is taken: its files join it, numbered.
        #expect(listing == ["note.txt", "photos", "photos/2024", "photos/2024/c 2.txt", "photos/2024/c.txt", "photos/a 2.txt", "photos/a.txt"], "\(listing)")
        for path in ["", "/photos", "/photos/2024"] {
            #expect(Self.mode(inbox + path) == 0o555, "Inbox\(path)")
        }
    }
}

extension InboxProtectionEndToEndTests {
    /// The app deleted `photos/a.txt` and `photos/b.txt`; later another `photos/a.txt` arrived.
    /// `ferry inbox` lists the file there once, as it arrived last, and not the deleted one.
    @Test func theListingShowsEachFileThereOnceAsItArrivedLast() throws {
        let world = try FerryWorld()
        let inbox = world.documents("com.test.a") + "/Inbox"
        try FileManager.default.createDirectory(atPath: inbox + "/photos", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: world.root + "/data/ferry/transfer", withIntermediateDirectories: true)
        try "new".write(toFile: inbox + "/photos/a.txt", atomically: false, encoding: .utf8)
        func line(_ name: String, _ sender: String, _ time: Int) -> String {
            #"{"path":"\#(inbox)/photos/\#(name)","app":"com.test.a","sender":"\#(sender)","fingerprint":"ab","size":3,"sha256":"\#(sender)","time":\#(time)}"#
        }
        let log = [line("a.txt", "Old", 1), line("b.txt", "Old", 1), line("a.txt", "New", 2)].joined(separator: "\n") + "\n"
        try log.write(toFile: world.root + "/data/ferry/transfer/received.jsonl", atomically: false, encoding: .utf8)
        let listing = try world.run("inbox", "--json")
        #expect(listing.status == 0, "\(listing.stderr)")
        #expect(listing.stdout.components(separatedBy: "photos/a.txt").count == 2, "\(listing.stdout)")
        #expect(listing.stdout.contains("New") && !listing.stdout.contains("Old"), "\(listing.stdout)")
        #expect(!listing.stdout.contains("b.txt"))
    }
}
