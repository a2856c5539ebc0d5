import Foundation
import FerryKit
import FerryProtection
import Testing
import FerryTestSupport

/// The data-protection commands where no key goes: the PAM helper, and an honest `unenforced`
/// (with doctor's fix) on an ext4 made without fscrypt.
@Suite(.offThePool, .serialized) struct ProtectionCommandsEndToEndTests {
    /// Runs scripts/ferry-pam-unlock as pam_exec would: the password on stdin ending in a NUL.
    func pamUnlock(_ world: FerryWorld, _ password: String, type: String = "auth") throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: FerryWorld.repository + "/scripts/ferry-pam-unlock")
        process.environment = world.environment.merging(
            ["FERRY_BIN": FerryWorld.binary, "PAM_TYPE": type, "PAM_USER": NSUserName()]) { $1 }
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Outside auth the helper exits without reading: writing then would raise SIGPIPE here.
        if type == "auth" { try input.fileHandleForWriting.write(contentsOf: Data(password.utf8) + [0]) }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func thePamHelperUnlocksWithTheLoginPasswordAndNeverFailsOnlyForOtherStacks() throws {
        let world = try FerryWorld()
        let keys = world.root + "/data/ferry/keys/classes.json"
        #expect(try pamUnlock(world, "sesame", type: "account") == 0)
        #expect(!FileManager.default.fileExists(atPath: keys), "no password outside auth: nothing done")
        #expect(try pamUnlock(world, "sesame") == 0)
        #expect(FileManager.default.fileExists(atPath: keys), "the first unlock made the keys")
        #expect(try pamUnlock(world, "not it") == 77, "a password that is not the passphrase: exit 77, no key")
        #expect(try pamUnlock(world, "sesame") == 0)
        let typed = try world.run("unlock", "--stdin", stdin: "sesame\n")
        #expect(typed.status == 0, "the NUL pam_exec ends the password with is not part of it: \(typed.stderr)")
    }

    @Test(.enabled(if: EncryptedVolume.available))
    func withoutFscryptTheClassIsUnenforcedAndDoctorNamesTheFix() throws {
        let volume = try EncryptedVolume(encrypt: false)
        let world = try FerryWorld()
        world.extraEnvironment["XDG_DATA_HOME"] = volume.mountPoint + "/data"
        try FileManager.default.createDirectory(atPath: volume.mountPoint + "/data/folder", withIntermediateDirectories: true)
        #expect(try world.run("doctor").stdout == "no problems found\n", "no keys: nobody asked for protection")
        #expect(try world.run("unlock", "--stdin", stdin: "sesame\n").status == 0)
        let set = try world.run("protection", volume.mountPoint + "/data/folder", "complete")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.contains("complete unenforced"), "\(set.stdout)")
        #expect(set.stdout.contains("nothing is encrypted"))
        let doctor = try world.run("doctor")
        #expect(doctor.stdout.contains("tune2fs -O encrypt"), "\(doctor.stdout) \(doctor.stderr)")
    }
}

extension ProtectionCommandsEndToEndTests {
    @Test(.enabled(if: EncryptedVolume.available))
    func doctorSaysWhenNoUnlockHappenedSinceBoot() throws {
        let volume = try EncryptedVolume()
        let world = try FerryWorld()
        world.extraEnvironment["XDG_DATA_HOME"] = volume.mountPoint + "/data"
        try FileManager.default.createDirectory(atPath: volume.mountPoint + "/data", withIntermediateDirectories: true)
        #expect(try world.run("unlock", "--stdin", stdin: "sesame\n").status == 0)
        #expect(try world.run("doctor").stdout == "no problems found\n")
        try volume.remount()
        let doctor = try world.run("doctor")
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("not unlocked since the filesystem was mounted"), "\(doctor.stdout)")
    }
}

/// FerryKit's file classes on a real fscrypt volume: a file written with a class is that class
/// in the kernel, and writing into a folder of another class is refused with nothing written.
@Suite(.offThePool, .serialized) struct FileProtectionTests {
    @Test(.enabled(if: EncryptedVolume.available))
    func aFileWrittenWithAClassHasItAndAnotherFolderIsRefused() throws {
        let volume = try EncryptedVolume()
        let world = try FerryWorld()
        world.extraEnvironment["XDG_DATA_HOME"] = volume.mountPoint + "/data"
        try FileManager.default.createDirectory(atPath: volume.mountPoint + "/data", withIntermediateDirectories: true)
        #expect(try world.run("unlock", "--stdin", stdin: "sesame\n").status == 0)
        let dataHome = volume.mountPoint + "/data/ferry"
        let secret = volume.mountPoint + "/data/secret"
        #expect(try FileProtection.makeFolder(secret, class: .complete, dataHome: dataHome) == .enforced(.complete))
        try FileProtection.write(Array("hi".utf8), to: secret + "/note", class: .complete, dataHome: dataHome)
        #expect(try FileProtection.reading(of: secret + "/note", dataHome: dataHome) == .enforced(.complete))
        #expect(throws: ProtectionError.self) {
            try FileProtection.write(Array("x".utf8), to: secret + "/other", class: .none, dataHome: dataHome)
        }
        #expect(!FileManager.default.fileExists(atPath: secret + "/other"))
        #expect(try world.run("protection", secret + "/note").stdout.hasSuffix(": complete\n"))
    }
}
