import FerrySystem
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A FolderWatch wakes at the change, not at its time limit (here an hour).
@Suite struct FolderWatchTests {
    private func scratch() -> String {
        var template = Array("/tmp/ferry-watch-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    @Test func aChangeMadeBeforeTheWaitCountsAtOnce() throws {
        let folder = scratch()
        let watch = try #require(FolderWatch())
        #expect(watch.watch(folder))
        #expect(mknod(folder + "/ferryd.sock", S_IFSOCK | 0o600, 0) == 0)
        let start = ContinuousClock.now
        #expect(watch.wait(upTo: .seconds(3600)))
        #expect(ContinuousClock.now - start < .seconds(10))
        // Reported once: the next wait sees nothing.
        #expect(!watch.wait(upTo: .milliseconds(10)))
    }

    @Test func aChangeDuringTheWaitEndsIt() throws {
        let folder = scratch()
        let watch = try #require(FolderWatch())
        #expect(watch.watch(folder))
        let start = ContinuousClock.now
        Thread { _ = rename(folder, folder + ".old") }.start()
        #expect(watch.wait(upTo: .seconds(3600)))
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test func nothingChangedIsFalseAtTheLimit() throws {
        let watch = try #require(FolderWatch())
        #expect(watch.watch(scratch()))
        #expect(!watch.wait(upTo: .milliseconds(20)))
        #expect(!watch.watch("/nonexistent/folder"))
    }
}
