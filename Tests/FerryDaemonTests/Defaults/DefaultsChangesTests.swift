import Glibc
import Testing
@testable import FerryDaemon

/// Which inotify events are a defaults change, and whose: fed by hand, no file system.
@Suite struct DefaultsChangesTests {
    static func changes() -> DefaultsChanges {
        var changes = DefaultsChanges()
        changes.watching(1, .containers)
        changes.watching(2, .preferences(app: "com.a"))
        changes.watching(3, .admin)
        return changes
    }

    static func event(_ wd: Int32, _ mask: Int32, _ name: String, cookie: UInt32 = 0) -> Inotify.Event {
        Inotify.Event(watch: wd, mask: UInt32(bitPattern: mask), cookie: cookie, name: name)
    }

    @Test func anAtomicWriteNamesItsWriter() {
        var changes = Self.changes()
        let actions = changes.actions(for: [
            Self.event(2, IN_CLOSE_WRITE, "com.a.plist.tmp-4242"),
            Self.event(2, IN_MOVED_FROM, "com.a.plist.tmp-4242", cookie: 9),
            Self.event(2, IN_MOVED_TO, "com.a.plist", cookie: 9),
        ])
        #expect(actions == [.changed(app: "com.a", writer: 4242)])
    }

    @Test func writesInPlaceRemovalsAndUnpairedRenamesHaveNoKnownWriter() {
        var changes = Self.changes()
        #expect(changes.actions(for: [Self.event(2, IN_CLOSE_WRITE, "com.a.plist")]) == [.changed(app: "com.a", writer: nil)])
        #expect(changes.actions(for: [Self.event(2, IN_DELETE, "com.a.plist")]) == [.changed(app: "com.a", writer: nil)])
        #expect(changes.actions(for: [Self.event(2, IN_MOVED_TO, "com.a.plist", cookie: 5)]) == [.changed(app: "com.a", writer: nil)])
        #expect(changes.actions(for: [Self.event(2, IN_CLOSE_WRITE, "other.plist"), Self.event(2, IN_CLOSE_WRITE, "com.a.plist.tmp-1")]) == [])
    }

    @Test func aBatchGivesEachActionOnce() {
        var changes = Self.changes()
        let actions = changes.actions(for: [Self.event(2, IN_CLOSE_WRITE, "com.a.plist"), Self.event(2, IN_CLOSE_WRITE, "com.a.plist")])
        #expect(actions == [.changed(app: "com.a", writer: nil)])
    }

    @Test func newContainersAreWatchedAndTheAdministratorsFilesReachTheirApps() {
        var changes = Self.changes()
        #expect(changes.actions(for: [Self.event(1, IN_CREATE | IN_ISDIR, "com.b"), Self.event(1, IN_CREATE, "file"),
                                      Self.event(1, IN_CREATE | IN_ISDIR, ".hidden")]) == [.watchContainer("com.b")])
        #expect(changes.actions(for: [Self.event(3, IN_MOVED_TO, "com.b.plist")]) == [.changed(app: "com.b", writer: nil)])
        #expect(changes.actions(for: [Self.event(3, IN_CLOSE_WRITE, ".GlobalPreferences.plist")]) == [.changedForAll])
        #expect(changes.actions(for: [Self.event(3, IN_CLOSE_WRITE, ".GlobalPreferences.plist.tmp-3")]) == [])
        #expect(changes.actions(for: [Self.event(7, IN_CLOSE_WRITE, "com.a.plist")]) == [], "an unknown watch")
    }

    @Test func eventsAreParsedWithTheirNames() {
        var bytes: [UInt8] = []
        for (wd, mask, cookie, name) in [(Int32(2), UInt32(IN_MOVED_TO), UInt32(7), "com.a.plist"), (3, UInt32(IN_DELETE), 0, "")] {
            let padded = name.isEmpty ? [] : Array(name.utf8) + [UInt8](repeating: 0, count: 16 - name.utf8.count % 16)
            for word in [UInt32(bitPattern: wd), mask, cookie, UInt32(padded.count)] { withUnsafeBytes(of: word) { bytes += $0 } }
            bytes += padded
        }
        #expect(bytes.withUnsafeBytes { Inotify.parse($0) } == [.init(watch: 2, mask: UInt32(IN_MOVED_TO), cookie: 7, name: "com.a.plist"),
                                                                   .init(watch: 3, mask: UInt32(IN_DELETE), cookie: 0, name: "")])
    }

    @Test func theAdministratorsFolderIsAwaitedFromAbove() {
        var changes = Self.changes()
        changes.watching(4, .awaiting(child: "ferry"))
        #expect(changes.actions(for: [Self.event(4, IN_CREATE | IN_ISDIR, "other")]) == [])
        #expect(changes.actions(for: [Self.event(4, IN_CREATE | IN_ISDIR, "ferry")]) == [.adminFolderMayExist])
        #expect(changes.actions(for: [Self.event(4, IN_MOVED_TO | IN_ISDIR, "ferry")]) == [.adminFolderMayExist])
    }
}
