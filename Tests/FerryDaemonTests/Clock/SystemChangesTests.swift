import Foundation
import Logging
import Synchronization
import Testing
import FerryTestSupport

@testable import FerryDaemon

/// What the clock and locale watcher makes of inotify events and locale files, and its timerfd
/// and inotify for real on a folder of the test's own (never /etc, never the system clock).
@Suite struct SystemChangesTests {
    typealias Event = Inotify.Event

    @Test(arguments: [
        ([Event(watch: 1, mask: 0, cookie: 0, name: "localtime")], SystemChanges(timeZone: true)),
        ([Event(watch: 1, mask: 0, cookie: 0, name: "locale.conf")], SystemChanges(locale: true)),
        ([Event(watch: 2, mask: 0, cookie: 0, name: "locale")], SystemChanges(locale: true)),
        ([Event(watch: 2, mask: 0, cookie: 0, name: "localtime"), Event(watch: 1, mask: 0, cookie: 0, name: "hosts")], SystemChanges()),
        ([Event(watch: 1, mask: 0, cookie: 0, name: ".localtime.tmp"), Event(watch: 1, mask: 0, cookie: 0, name: "localtime"),
          Event(watch: 2, mask: 0, cookie: 0, name: "locale")], SystemChanges(timeZone: true, locale: true)),
    ])
    func eventsNameTheChange(_ events: [Event], _ expected: SystemChanges) {
        #expect(SystemChanges(events, etc: 1, etcDefault: 2) == expected)
    }

    @Test(arguments: [
        ("LANG=de_DE.UTF-8\n", "de_DE.UTF-8"), ("# x\nLC_TIME=C\n  LANG=\"fr_FR.UTF-8\"\n", "fr_FR.UTF-8"),
        ("LANG='C.UTF-8'", "C.UTF-8"), ("LANGUAGE=en\n", nil), ("LANG=\n", nil),
    ] as [(String, String?)])
    func langIsReadFromALocaleFile(_ text: String, _ lang: String?) {
        #expect(SystemChanges.lang(in: text) == lang)
    }

    @Test func localeConfWinsOverDebiansDefaultLocale() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/default", withIntermediateDirectories: true)
        try "LANG=de_DE.UTF-8\n".write(toFile: folder.path + "/default/locale", atomically: true, encoding: .utf8)
        #expect(SystemChanges.locale(etc: folder.path) == "de_DE.UTF-8")
        try "LANG=fr_FR.UTF-8\n".write(toFile: folder.path + "/locale.conf", atomically: true, encoding: .utf8)
        #expect(SystemChanges.locale(etc: folder.path) == "fr_FR.UTF-8")
    }

    @Test func theTimerFiresAtTheInstantItIsArmedFor() async throws {
        let soon: @Sendable () -> Int = { time(nil) + 1 }
        let timer = try #require(MidnightTimer(next: soon))
        defer { timer.close() }
        var events = timer.events.makeAsyncIterator()
        #expect(await events.next() == .midnight)
    }

    @Test func theWatcherPostsATimeZoneAndALocaleChangeOnce() async throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/default", withIntermediateDirectories: true)
        let posted = Mutex<[QueuedNotification]>([])
        let watcher = SystemChangeWatcher(etc: folder.path, logger: Logger(label: "test")) { notification in
            posted.withLock { $0.append(notification) }
        }
        let running = Task { try await watcher.run() }
        defer { running.cancel() }
        // The watches are set up as the service starts: change until one is seen.
        await waitUntil("a time-zone change") {
            try? FileManager.default.removeItem(atPath: folder.path + "/localtime")
            try? FileManager.default.createSymbolicLink(atPath: folder.path + "/localtime", withDestinationPath: "/usr/share/zoneinfo/UTC")
            return posted.withLock { $0.contains(.significantTimeChange(.timeZone)) }
        }
        try "LANG=de_DE.UTF-8\n".write(toFile: folder.path + "/locale.conf", atomically: true, encoding: .utf8)
        await waitUntil("a locale change") { posted.withLock { $0.contains(.currentLocaleDidChange("de_DE.UTF-8")) } }
        // Written again unchanged: no event.
        try "LANG=de_DE.UTF-8\n".write(toFile: folder.path + "/locale.conf", atomically: true, encoding: .utf8)
        try "LANG=fr_FR.UTF-8\n".write(toFile: folder.path + "/default/locale", atomically: true, encoding: .utf8)
        try "LANG=it_IT.UTF-8\n".write(toFile: folder.path + "/locale.conf", atomically: true, encoding: .utf8)
        await waitUntil("the second locale change") { posted.withLock { $0.contains(.currentLocaleDidChange("it_IT.UTF-8")) } }
        #expect(posted.withLock { $0.filter { $0.event == .currentLocaleDidChange } }
                == [.currentLocaleDidChange("de_DE.UTF-8"), .currentLocaleDidChange("it_IT.UTF-8")])
    }
}
