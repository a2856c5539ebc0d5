import Testing
@testable import FerryDaemon

/// Which inotify events wake the registry watcher: every event on a watched folder or bundle,
/// but on a folder above a missing apps folder only the creation of the next folder on the way
/// ($HOME sees a file made at every shell command).
@Suite struct InotifyStreamTests {
    func event(_ wd: Int32, _ name: String) -> [Inotify.Event] {
        [Inotify.Event(watch: wd, mask: 0x100, cookie: 0, name: name)]
    }

    @Test func onAFolderAboveAMissingOneOnlyTheAwaitedNameCounts() {
        let awaited: [Int32: Set<String>] = [7: ["apps", "config"]]
        #expect(!InotifyStream.matters(event(7, ".bash_history"), watched: [1, 2], awaited: awaited))
        #expect(InotifyStream.matters(event(7, "apps"), watched: [1, 2], awaited: awaited))
        #expect(InotifyStream.matters(event(7, ".bash_history") + event(7, "config"), watched: [1, 2], awaited: awaited))
    }

    @Test func everyEventOnAWatchedFolderCounts() {
        let awaited: [Int32: Set<String>] = [7: ["apps"]]
        #expect(InotifyStream.matters(event(2, "Info.plist"), watched: [1, 2], awaited: awaited))
        // The apps folder's parent is watched for itself too (IN_MASK_ADD): all of its events count.
        #expect(InotifyStream.matters(event(7, "anything"), watched: [7], awaited: awaited))
        // The queue overflowed (wd -1): anything may have changed.
        #expect(InotifyStream.matters(event(-1, ""), watched: [1], awaited: awaited))
    }
}
