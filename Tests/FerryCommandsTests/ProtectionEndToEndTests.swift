import Foundation
import Testing
import FerryTestSupport

/// Data protection with real parts: a loop-mounted ext4 with fscrypt, a real ferryd, real class
/// keys in the kernel. A file's readability is the kernel's answer (ENOENT/ENOKEY), not Ferry's.
@Suite(.offThePool, .serialized) struct ProtectionEndToEndTests {
    struct Setup {
        let volume: EncryptedVolume
        let world: FerryWorld
        var data: String { volume.mountPoint + "/data" }
        var complete: String { data + "/complete/file" }
        var firstUnlock: String { data + "/first/file" }

        /// A world whose data home is on the volume (its `data` a link there, so the world's paths
        /// hold), keys created, and a file in a `complete` and in a `completeUntilFirstUserAuthentication` folder.
        init(grace: String) throws {
            volume = try EncryptedVolume()
            world = try FerryWorld()
            world.extraEnvironment["FERRY_PROTECTION_GRACE"] = grace
            for folder in ["complete", "first"] {
                try FileManager.default.createDirectory(atPath: volume.mountPoint + "/data/" + folder, withIntermediateDirectories: true)
            }
            try FileManager.default.createSymbolicLink(atPath: world.root + "/data", withDestinationPath: volume.mountPoint + "/data")
            #expect(try world.run("ps").status == 0)
            let created = try world.run("unlock", "--stdin", stdin: "sesame\n")
            #expect(created.status == 0, "\(created.stderr)")
            #expect(created.stdout.contains("created the class keys"))
            #expect(try world.run("protection", data + "/complete", "complete").status == 0)
            let first = try world.run("protection", data + "/first", "NSFileProtectionCompleteUntilFirstUserAuthentication")
            #expect(first.stdout.contains("completeUntilFirstUserAuthentication"), "\(first.stdout) \(first.stderr)")
            try Data("secret".utf8).write(to: URL(fileURLWithPath: complete))
            try Data("kept".utf8).write(to: URL(fileURLWithPath: firstUnlock))
        }

    }

    @Test(.enabled(if: EncryptedVolume.available))
    func lockRemovesTheCompleteKeyAfterTheGraceTellsAppsAndOnlyThePassphraseBringsItBack() throws {
        let setup = try Setup(grace: "1")
        let world = setup.world
        try TestManagedApp.install(in: world, "com.test.a", scheme: "aa")
        #expect(try world.run("open", "aa://1").status == 0)
        let events = world.documents("com.test.a") + "/events"

        let locked = try world.run("lock")
        #expect(locked.status == 0, "\(locked.stderr)")
        #expect(openErrno(setup.complete) == 0, "the grace: still readable")
        waitUntil("protectedDataWillBecomeUnavailable in \(events)") { (try? String(contentsOfFile: events, encoding: .utf8))?.contains("protectedDataWillBecomeUnavailable") == true }
        // After the grace: the kernel no longer finds the file by name, and refuses its listed name.
        waitUntil("the complete key to go after the 1 s grace", within: .seconds(5)) { openErrno(setup.complete) != 0 }
        #expect(openErrno(setup.complete) == ENOENT)
        #expect(openListedErrno(setup.data + "/complete") == ENOKEY)
        #expect(openErrno(setup.firstUnlock) == 0, "first-unlock keys stay until reboot")
        #expect(try world.run("ps").stdout.contains("data protection: locked"))

        let wrong = try world.run("unlock", "--stdin", stdin: "open up\n")
        #expect(wrong.status == 77)
        #expect(wrong.stderr.contains("wrong passphrase"), "\(wrong.stderr)")
        #expect(openErrno(setup.complete) == ENOENT, "a wrong passphrase adds no key")

        let right = try world.run("unlock", "--stdin", stdin: "sesame\n")
        #expect(right.status == 0, "\(right.stderr)")
        #expect(openErrno(setup.complete) == 0)
        waitUntil("protectedDataDidBecomeAvailable in \(events)") { (try? String(contentsOfFile: events, encoding: .utf8))?.contains("protectedDataDidBecomeAvailable") == true }
        #expect(try world.run("ps").stdout.contains("data protection: unlocked"))
    }

    @Test(.enabled(if: EncryptedVolume.available))
    func aFerrydKilledInTheGraceLeavesTheKeysAndTheNextOneFinishesTheLock() throws {
        let setup = try Setup(grace: "2")
        let world = setup.world
        let pid = try #require(world.daemonPID)
        // Killed while unlocked: the keys are the kernel's, nothing goes.
        kill(pid, SIGKILL)
        waitUntil("the killed ferryd \(pid) to exit") { !isAlive(pid) }
        #expect(openErrno(setup.complete) == 0)

        #expect(try world.run("ps").status == 0, "a new ferryd, so the lock has its grace")
        #expect(try world.run("lock").stdout.contains("after the grace"))
        let second = try #require(world.daemonPID)
        kill(second, SIGKILL)
        waitUntil("the killed ferryd \(second) to exit") { !isAlive(second) }
        usleep(2_500_000)  // past the 2 s grace with no ferryd: the point is that nothing happens
        #expect(openErrno(setup.complete) == 0, "no ferryd, nobody removed the key")
        // The next ferryd reads the lock marker, past its deadline: the key goes at once.
        #expect(try world.run("ps").status == 0)
        waitUntil("the complete key to go at once", within: .seconds(3)) { openErrno(setup.complete) != 0 }
        #expect(openErrno(setup.complete) == ENOENT)
        #expect(openErrno(setup.firstUnlock) == 0)
    }
}
