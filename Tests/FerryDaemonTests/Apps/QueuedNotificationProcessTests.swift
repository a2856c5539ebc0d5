import Foundation
import Testing
import FerryTestSupport

/// Queued notifications with the real ferryd and app processes (LiveDaemon): a running app gets a
/// change at once; a suspended one gets each kind once, the latest value, on resume and before
/// willEnterForeground.
@Suite(.serialized) struct QueuedNotificationProcessTests {
    @Test func aSuspendedAppGetsTheLatestOfEachKindBeforeWillEnterForeground() throws {
        let daemon = try LiveDaemon()
        daemon.environment = ["FERRY_SUSPEND_AFTER": "0.2"]
        try daemon.install("sleeper")
        try daemon.install("front")
        #expect(try daemon.ferry("open", "sleeper://1").status == 0)
        #expect(try daemon.ferry("open", "front://1").status == 0)
        let pid = try #require(try daemon.pid("sleeper"))
        waitUntil("sleeper to be stopped") { LiveDaemon.processState(pid) == "T" }
        let zone = daemon.etc + "/localtime"
        for target in ["/usr/share/zoneinfo/UTC", "/usr/share/zoneinfo/Europe/Berlin"] {
            try? FileManager.default.removeItem(atPath: zone)
            try FileManager.default.createSymbolicLink(atPath: zone, withDestinationPath: target)
        }
        for lang in ["de_DE.UTF-8", "fr_FR.UTF-8"] {
            try "LANG=\(lang)\n".write(toFile: daemon.etc + "/locale.conf", atomically: true, encoding: .utf8)
        }
        // The app in front hears the last locale at once.
        waitUntil("front to hear the locale") { daemon.events("front").contains("currentLocaleDidChange fr_FR.UTF-8") }
        #expect(daemon.events("front").contains("significantTimeChange time-zone"))
        #expect(LiveDaemon.processState(pid) == "T")
        #expect(try daemon.ferry("open", "sleeper://2").status == 0)
        let events = daemon.events("sleeper")
        let resumed = Array(events.drop { $0 != "didEnterBackground" }.dropFirst())
        #expect(resumed == ["significantTimeChange time-zone", "currentLocaleDidChange fr_FR.UTF-8",
                            "willEnterForeground", "open", "didBecomeActive"])
    }
}
