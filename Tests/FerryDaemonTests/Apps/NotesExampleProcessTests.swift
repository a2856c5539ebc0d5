import Foundation
import Testing
import FerryTestSupport

/// examples/notes-py.app with the real ferryd: it holds a background task while it syncs its notes,
/// is suspended once it ends it, and logs the queued locale change it gets on resume.
@Suite struct NotesExampleProcessTests {
    @Test func notesPyEndsItsTaskIsSuspendedAndLogsTheQueuedLocale() throws {
        let daemon = try LiveDaemon()
        daemon.environment = ["FERRY_SUSPEND_AFTER": "30"]
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../examples/notes-py.app").standardized.path
        try FileManager.default.copyItem(atPath: example, toPath: daemon.apps + "/notes-py.app")
        try daemon.install("front")
        #expect(try daemon.ferry("open", "--wait", "notes-py://add?text=milk").status == 0)
        #expect(try daemon.ferry("open", "front://1").status == 0)
        let rows = try JSONSerialization.jsonObject(with: Data(try daemon.ferry("ps", "--json").stdout.utf8)) as? [[String: Any]]
        let pid = try #require((rows?.first { $0["bundleId"] as? String == "org.ferry.examples.notes-py" }?["pid"] as? NSNumber)?.int32Value)
        // Suspended when its task ends, long before FERRY_SUSPEND_AFTER's 30 s.
        waitUntil("notes-py to be stopped after its sync", within: .seconds(10)) { LiveDaemon.processState(pid) == "T" }
        try "LANG=de_DE.UTF-8\n".write(toFile: daemon.etc + "/locale.conf", atomically: true, encoding: .utf8)
        waitUntil("front to hear the locale") { daemon.events("front").contains("currentLocaleDidChange de_DE.UTF-8") }
        #expect(try daemon.ferry("open", "--wait", "notes-py://add?text=eggs").status == 0)
        let log = daemon.root + "/data/ferry/Containers/org.ferry.examples.notes-py/Documents/events.log"
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(Array(lines.drop { $0 != "event didEnterBackground" }) == [
            "event didEnterBackground", "event currentLocaleDidChange de_DE.UTF-8", "event willEnterForeground",
            "event open", "event didBecomeActive",
        ])
    }
}
