import Foundation
import Testing
import FerryTestSupport
@testable import FerryTransfer

/// A ferryd killed in the middle of a finish: the next one takes back what had reached an Inbox,
/// so nothing of the offer stays half-visible and the sender's resend finds it whole in staging.
@Suite struct FinishJournalTests {
    let peer = String(repeating: "a", count: 64)

    /// Two checked files staged flat; returns them and the staging area.
    func stagedPair(_ scratch: TemporaryFolder) throws -> (StagingArea, [OfferedFile]) {
        let staging = try StagingArea(directory: scratch.path + "/staging")
        let files = ["a.txt", "b.txt"].enumerated().map { OfferedFile(id: "f\($0.offset)", path: $0.element, size: 5, sha256: nil) }
        for file in files { try Data("hello".utf8).write(to: URL(fileURLWithPath: staging.partialPath(file, sender: peer))) }
        return (staging, files)
    }

    @Test func whatAKilledFinishMovedGoesBackAtTheNextStart() throws {
        let scratch = try TemporaryFolder()
        let (staging, files) = try stagedPair(scratch)
        let container = scratch.path + "/container"
        do {
            var writer = InboxWriter(staging: staging)
            writer.finishJournal = FinishJournal(staging: staging, offer: "o1")
            _ = try writer.place(staging.partialName(files[0], sender: peer), as: "a.txt", container: container)
            // ferryd dies here: no undo, no second move.
        }
        let inbox = InboxWriter.inbox(container: container)
        #expect(try FileManager.default.contentsOfDirectory(atPath: inbox) == ["a.txt"])
        try StagingArea(directory: scratch.path + "/staging").removeOfferTrees()
        #expect(try FileManager.default.contentsOfDirectory(atPath: inbox).isEmpty)
        #expect(files.allSatisfy { staging.offset($0, sender: peer) == 5 }, "both are staged whole for the resend")
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: staging.directory)).contains { $0.hasPrefix("finishing-") })
    }

    @Test func aFileThatHadTheNameBeforeStays() throws {
        let scratch = try TemporaryFolder()
        let (staging, files) = try stagedPair(scratch)
        let container = scratch.path + "/container"
        let inbox = InboxWriter.inbox(container: container)
        try FileManager.default.createDirectory(atPath: inbox, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: inbox + "/a.txt"))
        do {
            var writer = InboxWriter(staging: staging)
            writer.finishJournal = FinishJournal(staging: staging, offer: "o2")
            #expect(try writer.place(staging.partialName(files[0], sender: peer), as: "a.txt", container: container) == "a 2.txt")
        }
        try StagingArea(directory: scratch.path + "/staging").removeOfferTrees()
        #expect(try FileManager.default.contentsOfDirectory(atPath: inbox) == ["a.txt"])
        #expect(try String(contentsOfFile: inbox + "/a.txt", encoding: .utf8) == "mine")
        #expect(staging.offset(files[0], sender: peer) == 5)
    }
}
