import Foundation
import Testing
import FerryTestSupport
@testable import FerryTransfer

/// Only the Inbox is read-only: the app's container and Documents keep their write bits when
/// ferryd makes the Inbox in them (they turned 0555 and dr-x------; seen on the LAN bed as nobody).
@Suite struct InboxFolderModeTests {
    @Test func makingTheInboxLeavesDocumentsAndTheContainerWritable() throws {
        let scratch = try TemporaryFolder()
        let staging = try StagingArea(directory: scratch.path + "/staging")
        let container = scratch.path + "/Containers/app"
        try FileManager.default.createDirectory(atPath: container + "/Documents", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: staging.directory + "/a.part"))
        var writer = InboxWriter(staging: staging)
        #expect(try writer.place("a.part", as: "a.txt", container: container) == "a.txt")
        #expect(try scratch.mode("Containers/app") & 0o200 != 0)
        #expect(try scratch.mode("Containers/app/Documents") & 0o200 != 0)
        #expect(try scratch.mode("Containers/app/Documents/Inbox") & 0o222 == 0)
    }
}
