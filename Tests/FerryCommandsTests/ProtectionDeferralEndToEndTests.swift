import Foundation
import Testing
import FerryTestSupport

/// What waits for the next unlock: a saved state (restoration) and files received for a locked
/// Inbox. Real ferryd, real fscrypt volume (see ProtectionEndToEndTests).
@Suite(.offThePool, .serialized) struct ProtectionDeferralEndToEndTests {
    @Test(.enabled(if: EncryptedVolume.available))
    func aLaunchWhileLockedStartsWithoutItsStateAndKeepsTheArchive() throws {
        let setup = try ProtectionEndToEndTests.Setup(grace: "0")
        let world = setup.world
        try RestoringTestApp.install(in: world, "com.test.rt", scheme: "rt")
        #expect(try world.run("open", "rt://x/one").status == 0)
        #expect(try world.run("quit", "com.test.rt").status == 0)
        #expect(world.events("com.test.rt", count: 8).contains { $0.hasPrefix("saved ") })

        #expect(try world.run("lock", "--now").status == 0)
        #expect(try world.run("open", "rt://x/two").status == 0)
        let events = world.events("com.test.rt", count: 12)
        #expect(!events.dropFirst(8).contains { $0.hasPrefix("restored") }, "\(events)")
        #expect(try world.savedState("com.test.rt").report["exists"] as? Bool == true, "the archive waits for an unlocked launch")
    }

    @Test(.enabled(if: EncryptedVolume.available))
    func aFileForALockedInboxIsHeldThroughARestartAndDeliveredAtUnlock() throws {
        let volume = try EncryptedVolume()
        let data = volume.mountPoint + "/data"
        let pair = try SendEndToEndTests.Pair(receiverEnvironment: ["XDG_DATA_HOME": data, "FERRY_PROTECTION_GRACE": "0"])
        try pair.trustSender()
        let receiver = pair.receiver
        #expect(try receiver.run("unlock", "--stdin", stdin: "sesame\n").status == 0)
        try Self.installCompleteViewer(in: receiver)
        // Launching makes the container, its Documents of the app's class.
        #expect(try receiver.run("open", "viewer://x").status == 0)
        let documents = data + "/ferry/Containers/com.test.viewer/Documents"
        let reading = try receiver.run("protection", documents)
        #expect(reading.stdout == documents + ": complete\n", "the manifest's class: \(reading.stdout) \(reading.stderr) \(receiver.daemonLog)")

        // Unlocked, a file reaches the complete Inbox directly (staged under another class: copied, not renamed).
        let first = try pair.send(try pair.file("first.txt", "while unlocked"))
        #expect(first.status == 0, "\(first.stderr)")
        #expect((try? String(contentsOfFile: documents + "/Inbox/first.txt", encoding: .utf8)) == "while unlocked")
        let firstReading = try receiver.run("protection", documents + "/Inbox/first.txt")
        #expect(firstReading.stdout.hasSuffix(": complete\n"), "\(firstReading.stdout)")

        #expect(try receiver.run("lock", "--now").status == 0)
        let sent = try pair.send(try pair.file("note.txt", "while locked"))
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(try receiver.run("ps").stdout.contains("1 received file(s) held until unlock"))

        // ferryd dies and comes back: the held file is on disk, not in its memory.
        let pid = try #require(receiver.daemonPID)
        kill(pid, SIGKILL)
        waitUntil("the killed ferryd \(pid) to exit") { !isAlive(pid) }
        #expect(try receiver.run("unlock", "--stdin", stdin: "sesame\n").status == 0, "direct: no ferryd runs")
        #expect(try receiver.run("ps").status == 0)
        waitUntil("the held file delivered; ferryd's log: \(receiver.daemonLog)") {
            (try? String(contentsOfFile: documents + "/Inbox/note.txt", encoding: .utf8)) == "while locked"
        }
    }

    /// A managed app owning `.txt` whose manifest asks for class `complete`.
    static func installCompleteViewer(in world: FerryWorld) throws {
        let bundle = world.apps + "/viewer.app"
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        try TestManagedApp.script.write(toFile: bundle + "/app.py", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bundle + "/app.py")
        let plist: [String: Any] = [
            "CFBundleIdentifier": "com.test.viewer", "CFBundleExecutable": "app.py", "FerryAppKind": "managed",
            "CFBundleURLTypes": [["CFBundleURLSchemes": ["viewer"]]],
            "CFBundleDocumentTypes": [["CFBundleTypeExtensions": ["txt"], "LSHandlerRank": "Owner", "CFBundleTypeRole": "Viewer"]],
            "com.apple.developer.default-data-protection": "NSFileProtectionComplete",
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
        try data.write(to: URL(fileURLWithPath: bundle + "/Info.plist"))
    }
}
