import Foundation
import Testing
import FerryTestSupport
@testable import FerryTransfer

/// Checked files move from the staging area into an Inbox: read-only, numbered on a collision,
/// never through a symbolic link, never outside the Inbox.
@Suite struct InboxWriterTests {
    let scratch: TemporaryFolder
    let staging: StagingArea
    var container: String { scratch.path + "/Containers/app" }

    init() throws {
        scratch = try TemporaryFolder()
        staging = try StagingArea(directory: scratch.path + "/staging")
    }

    func stage(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: staging.directory + "/" + name))
    }

    @Test func filesMoveInReadOnlyAndCollisionsAreNumbered() throws {
        var writer = InboxWriter(staging: staging)
        try stage("a.part", "first")
        try stage("b.part", "second")
        #expect(try writer.place("a.part", as: "notes.txt", container: container) == "notes.txt")
        #expect(try writer.place("b.part", as: "notes.txt", container: container) == "notes 2.txt")
        #expect(try String(contentsOfFile: container + "/Documents/Inbox/notes.txt", encoding: .utf8) == "first")
        #expect(try String(contentsOfFile: container + "/Documents/Inbox/notes 2.txt", encoding: .utf8) == "second")
        #expect(try scratch.mode("Containers/app/Documents/Inbox/notes 2.txt") == 0o444)
        #expect(!FileManager.default.fileExists(atPath: staging.directory + "/a.part"), "the staged file moved, not copied")
    }

    @Test func foldersAreRebuiltInsideTheInboxOnly() throws {
        var writer = InboxWriter(staging: staging)
        try stage("c.part", "deep")
        try stage("d.part", "escape")
        #expect(try writer.place("c.part", as: "photos/2024/c.jpg", container: container) == "photos/2024/c.jpg")
        let escaped = try writer.place("d.part", as: "../../etc/passwd", container: container)
        #expect(!escaped.contains(".."))
        #expect(FileManager.default.fileExists(atPath: container + "/Documents/Inbox/" + escaped))
    }

    @Test func namesAreSanitizedTheSameWhetherTheirFolderWasSeenOrNot() throws {
        let paths = ["docs/a.txt", "docs/b.txt", "other/..", "docs/ spaced.txt", "../docs/c.txt", "docs\\d.txt",
                     "docs/sub/e.txt", "x/../docs/f.txt", "docs/a\u{202E}txt.exe", "/etc/passwd", "docs/g.txt"]
        var writer = InboxWriter(staging: staging)
        for (index, path) in paths.enumerated() {
            try stage("p\(index).part", path)
            let expected = NameSanitizer.components(of: path).joined(separator: "/")
            #expect(try writer.place("p\(index).part", as: path, container: container) == expected, "\(path)")
        }
    }

    @Test func aSymbolicLinkInTheWayIsRefused() throws {
        let elsewhere = scratch.path + "/elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: container + "/Documents/Inbox", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: container + "/Documents/Inbox/photos", withDestinationPath: elsewhere)
        var writer = InboxWriter(staging: staging)
        try stage("e.part", "x")
        #expect { try writer.place("e.part", as: "photos/e.jpg", container: container) } throws: { error in
            (error as? TransferError)?.message.contains("is not a folder") == true
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty, "nothing was written through the link")
        #expect(FileManager.default.fileExists(atPath: staging.directory + "/e.part"), "the checked file stays staged")

        let other = scratch.path + "/Containers/other"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: other + "/Documents", withDestinationPath: elsewhere)
        #expect(throws: TransferError.self) { try writer.place("e.part", as: "e.txt", container: other) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    }
}
