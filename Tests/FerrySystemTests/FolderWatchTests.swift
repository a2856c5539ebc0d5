import FerrySystem
import FerryTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A FolderWatch wakes at the change, not at its time limit (here an hour).
@Suite struct FolderWatchTests {
    private let scratch: TemporaryFolder

    init() throws { scratch = try TemporaryFolder() }

    /// A new folder in the scratch folder.
    private func watchedFolder() -> String {
        let folder = scratch.path + "/watched"
        mkdir(folder, 0o700)
        return folder
    }

    @Test func aChangeMadeBeforeTheWaitCountsAtOnce() throws {
        let folder = watchedFolder()
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
        let folder = watchedFolder()
        let watch = try #require(FolderWatch())
        #expect(watch.watch(folder))
        let start = ContinuousClock.now
        Thread { _ = rename(folder, folder + ".old") }.start()
        #expect(watch.wait(upTo: .seconds(3600)))
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test func nothingChangedIsFalseAtTheLimit() throws {
        let watch = try #require(FolderWatch())
        #expect(watch.watch(watchedFolder()))
        #expect(!watch.wait(upTo: .milliseconds(20)))
        #expect(!watch.watch("/nonexistent/folder"))
    }
}
