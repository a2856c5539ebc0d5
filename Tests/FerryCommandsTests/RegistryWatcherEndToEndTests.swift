import Foundation
import Testing
import FerryTestSupport

/// ferryd's registry watcher against bundles written in steps, as `cp -r`, an unpacker or an
/// editor write them: the folder first, its Info.plist later. Each `open` must find the app
/// without any further change to the folders. Real ferryd, real apps.
@Suite(.offThePool) struct RegistryWatcherEndToEndTests {
    /// The bundle folder appears, the watcher reads it (no Info.plist yet), the Info.plist follows.
    @Test func anInfoPlistWrittenAfterItsBundleFolderIsRead() throws {
        let world = try FerryWorld()
        #expect(try world.run("ps").status == 0)
        let bundle = world.apps + "/com.test.late.app"
        let reloads = world.daemonLog.components(separatedBy: "registry reloaded").count
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        // Past the watcher's reload of the new folder (20 ms after its event).
        waitUntil("the watcher's reload of the new folder") { world.daemonLog.components(separatedBy: "registry reloaded").count > reloads }
        try TestManagedApp.install(in: world, "com.test.late", scheme: "late")
        try expectOpens(world)
    }

    /// The apps folder itself is made after ferryd started (a first install), then a bundle in it.
    @Test func anAppsFolderMadeAfterFerrydStartsIsWatched() throws {
        let world = try FerryWorld()
        try FileManager.default.removeItem(atPath: world.apps)
        #expect(try world.run("ps").status == 0)
        try FileManager.default.createDirectory(atPath: world.apps + "/com.test.late.app", withIntermediateDirectories: true)
        // A command in between: ferryd reads the new folder, whose bundle has no Info.plist yet.
        #expect(try world.run("ps").status == 0)
        usleep(300_000)  // and the watcher's reload, if it comes: neither the log nor anything else tells them apart
        try TestManagedApp.install(in: world, "com.test.late", scheme: "late")
        try expectOpens(world)
    }

    /// `ferry open late://1` launches the app, once the watcher's reload (20 ms after the write)
    /// has come round: retried while ferryd does not know the scheme yet, for at most 5 s.
    private func expectOpens(_ world: FerryWorld) throws {
        var opened = try world.run("open", "late://1")
        try waitUntil("ferryd to know late:", within: .seconds(5)) {
            if opened.stderr.contains("no app handles late:") { opened = try world.run("open", "late://1") }
            return !opened.stderr.contains("no app handles late:")
        }
        #expect(opened.stdout.hasPrefix("launched com.test.late"), "\(opened.stdout)\(opened.stderr)")
    }
}
