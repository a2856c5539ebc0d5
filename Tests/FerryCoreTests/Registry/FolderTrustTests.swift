import Foundation
import Testing
import FerryTestSupport
@testable import FerryCore

/// The rule for one folder, as a table; then a real chain of folders and `ferry doctor`'s source.
@Suite struct FolderTrustTests {
    static let uid: UInt32 = 1000

    @Test(arguments: [
        (0, 0o755, nil),
        (1000, 0o700, nil),
        (1000, 0o2755, nil),
        (0, 0o1777, "/x is writable by every user (sticky, but anyone may add entries to it)"),
        (0, 0o757, "/x is writable by every user"),
        (0, 0o775, "/x is writable by its group"),
        (1000, 0o2775, "/x is writable by its group"),
        (65534, 0o755, "/x belongs to uid 65534, neither you (uid 1000) nor root"),
    ] as [(UInt32, UInt32, String?)])
    func oneFolder(_ owner: UInt32, _ mode: UInt32, _ problem: String?) {
        #expect(FolderTrust.problem(with: FolderTrust.Entry(path: "/x", owner: owner, mode: mode), uid: Self.uid) == problem)
    }

    @Test func everyFolderUpToTheRootCounts() throws {
        let temp = try TemporaryFolder()
        let deep = temp.path + "/a/b/c"
        try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
        #expect(FolderTrust.problem(with: deep, uid: 0) == nil)
        #expect(FolderTrust.problem(with: "/tmp", uid: 0) == "/tmp is writable by every user (sticky, but anyone may add entries to it)")
        chmod(temp.path + "/a", 0o777)
        #expect(FolderTrust.problem(with: deep, uid: 0) == "\(temp.path)/a is writable by every user")
    }

    /// A link to a trusted folder, kept in a folder others can write, could be pointed elsewhere.
    @Test func theFolderHoldingALinkCountsToo() throws {
        let temp = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: temp.path + "/real", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: temp.path + "/open", withIntermediateDirectories: true)
        chmod(temp.path + "/open", 0o777)
        try FileManager.default.createSymbolicLink(atPath: temp.path + "/open/link", withDestinationPath: temp.path + "/real")
        #expect(FolderTrust.problem(with: temp.path + "/real", uid: 0) == nil)
        #expect(FolderTrust.problem(with: temp.path + "/open/link", uid: 0) == "\(temp.path)/open is writable by every user")
    }

    @Test func theSearchSaysWhichFolderItSkippedAndWhy() throws {
        let temp = try TemporaryFolder()
        let prefix = temp.path + "/prefix"
        try FileManager.default.createDirectory(atPath: prefix + "/share/ferry/schemes", withIntermediateDirectories: true)
        chmod(prefix + "/share", 0o775)
        let search = BuiltInSchemes.search(environment: ["HOME": "/nonexistent", "XDG_DATA_DIRS": "/nonexistent"],
                                           executable: prefix + "/bin/ferry", uid: 0)
        #expect(search.skipped == [BuiltInSchemes.Skipped(path: prefix + "/share/ferry/schemes",
                                                          reason: prefix + "/share is writable by its group")])
        #expect(search.folder != prefix + "/share/ferry/schemes")
    }
}
