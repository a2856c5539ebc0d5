import Foundation
import Testing

/// Issue 13's fault matrix, the rows about ferryd itself: each with a real ferryd and real apps,
/// asserting nothing lost, nothing half-visible, a clear line, and the system usable right after.
@Suite(.serialized) struct FaultMatrixEndToEndTests {
    enum SocketFault: String, CaseIterable { case removed, replaced }

    @Test(arguments: SocketFault.allCases)
    func ferrydWhoseSocketFolderIsRemovedOrReplacedExitsAndTheNextCommandWorks(_ fault: SocketFault) throws {
        let world = try FerryWorld()
        try TestManagedApp.install(in: world, "com.test.a", scheme: "aa")
        #expect(try world.run("open", "aa://1").status == 0)
        let daemon = try #require(world.daemonPID)
        let app = try #require(try world.ps()["com.test.a"]?.pid)
        let folder = world.root + "/run"
        switch fault {
        case .removed: try FileManager.default.removeItem(atPath: folder)
        case .replaced:
            try FileManager.default.moveItem(atPath: folder, toPath: folder + ".old")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false,
                                                    attributes: [.posixPermissions: 0o700])
        }
        for _ in 0..<1000 where isAlive(daemon) { usleep(10_000) }
        #expect(!isAlive(daemon), "ferryd lives on unreachable")
        // It ended its app on the way out: no orphan to be launched twice.
        #expect(!isAlive(app))
        #expect(world.events("com.test.a", count: 5).last == "willTerminate")
        let log = (try? String(contentsOfFile: world.root + "/state/ferry/ferryd.log", encoding: .utf8)) ?? ""
        #expect(log.contains("was removed or replaced"), "ferryd's log: \(log)")
        // The next command starts a new ferryd, which works.
        let again = try world.run("open", "aa://2")
        #expect(again.status == 0 && again.stdout.hasPrefix("launched com.test.a"), "\(again.stdout)\(again.stderr)")
        #expect(world.daemonPID != nil && world.daemonPID != daemon)
    }
}
