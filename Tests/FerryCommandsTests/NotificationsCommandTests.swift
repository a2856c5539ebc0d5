import Foundation
import Testing
import FerryTestSupport

/// `ferry notifications`: the switches it writes, as ferryd reads them.
@Suite(.offThePool) struct NotificationsCommandTests {
    @Test func switchesAreWrittenAndShown() throws {
        let world = try FerryWorld()
        #expect(try world.run("notifications").stdout.hasPrefix("notifications: on\n  offers: on\n"))
        let off = try world.run("notifications", "off", "offers")
        #expect(off.status == 0)
        #expect(off.stdout == "notifications: on\n  offers: off\n  pairing: on\n  delivered: on\n  launch: on\n")
        let file = try String(contentsOfFile: world.root + "/config/ferry/notifications.json", encoding: .utf8)
        #expect(file == #"{"enabled":true,"off":["offers"]}"#)
        #expect(try world.run("notifications", "off").stdout.hasPrefix("notifications: off\n  offers: off\n  pairing: off"))
        #expect(try world.run("notifications", "on", "pairing").stdout == "notifications: on\n  offers: off\n  pairing: on\n  delivered: on\n  launch: on\n")
        #expect(try world.run("notifications", "on").stdout.contains("offers: on"))
        let json = try world.run("notifications", "off", "launch", "--json").stdout
        #expect(json.contains(#""launch" : false"#) && json.contains(#""enabled" : true"#), "\(json)")
        #expect(try world.run("notifications", "on", "-q").stdout.isEmpty)
    }

    @Test func badWordsAreRefusedInOneLine() throws {
        let world = try FerryWorld()
        let outcome = try world.run("notifications", "off", "mail")
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("unknown kind \"mail\"; use offers, pairing, delivered or launch"))
        #expect(!FileManager.default.fileExists(atPath: world.root + "/config/ferry/notifications.json"))
    }
}
