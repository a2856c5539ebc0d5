import FerryProtection
import FerryProtectionKeys
import Foundation
import Testing
import FerryTestSupport

/// Real keys on a real loop-mounted ext4 with `-O encrypt`: what each class lets through, as the
/// kernel decides it (open fails with ENOKEY), not a Ferry check.
@Suite(.offThePool, .enabled(if: EncryptedVolume.available, "needs root and loop devices: SKIPPED"))
struct FscryptVolumeTests {
    let passphrase = Array("correct horse".utf8)

    /// A volume with one folder per class, each holding `secret.txt`, unlocked.
    func classFolders() throws -> (EncryptedVolume, DataProtection, [ProtectionClass: String]) {
        let volume = try EncryptedVolume()
        let protection = DataProtection(dataHome: try volume.folder("ferry"))
        #expect(try protection.unlock(passphrase: passphrase) == .init(created: true, enforced: true))
        var files: [ProtectionClass: String] = [:]
        for protection_ in ProtectionClass.allCases {
            let folder = try volume.folder("ferry/" + protection_.rawValue)
            try FolderProtection.set(protection_, on: folder, identifiers: try protection.identifiers())
            try writeFile(folder + "/secret.txt", "plain \(protection_)")
            files[protection_] = folder + "/secret.txt"
        }
        return (volume, protection, files)
    }

    @Test func theKernelComputesTheIdentifiersTheKeyFileNames() throws {
        let volume = try EncryptedVolume()
        let keyring = FilesystemKeyring(path: volume.mountPoint)
        let raw = (0..<64).map { UInt8($0) }
        #expect(try keyring.add(raw) == ClassKeyFile.identifier(of: raw))
    }

    @Test func lockLeavesOnlyTheClassesThatStayReadable() throws {
        let (volume, protection, files) = try classFolders()
        _ = volume
        for (protection_, file) in files {
            #expect(try FolderProtection.reading(at: file, identifiers: protection.identifiers()) == .enforced(protection_))
            #expect(openErrno(file) == 0)
        }
        try protection.lock()
        #expect(lockedOpen(files[.complete]!) == (ENOENT, ENOKEY))
        #expect(lockedOpen(files[.completeUnlessOpen]!) == (ENOENT, ENOKEY))
        #expect(openErrno(files[.completeUntilFirstUserAuthentication]!) == 0)
        #expect(openErrno(files[.none]!) == 0)
        let states = try protection.keyStates()
        #expect(states[.complete] == .absent && states[.completeUntilFirstUserAuthentication] == .present)

        _ = try protection.unlock(passphrase: passphrase)
        for file in files.values { #expect(openErrno(file) == 0) }
        #expect(try String(contentsOfFile: files[.complete]!, encoding: .utf8) == "plain complete")
    }

    @Test func afterBootOnlyNoneIsReadableUntilTheFirstUnlock() throws {
        let (volume, protection, files) = try classFolders()
        try volume.remount()
        for keyed in ProtectionClass.keyed {
            #expect(lockedOpen(files[keyed]!) == (ENOENT, ENOKEY), "\(keyed)")
        }
        #expect(openErrno(files[.none]!) == 0)
        _ = try protection.unlock(passphrase: passphrase)
        #expect(try String(contentsOfFile: files[.completeUntilFirstUserAuthentication]!, encoding: .utf8)
            == "plain completeUntilFirstUserAuthentication")
        // And it stays: a lock takes only the complete classes.
        try protection.lock()
        #expect(openErrno(files[.completeUntilFirstUserAuthentication]!) == 0)
    }

    @Test func aFileOpenAtLockStaysUsableThroughItsHandleOnly() throws {
        let (volume, protection, files) = try classFolders()
        _ = volume
        let file = files[.completeUnlessOpen]!
        let folder = (file as NSString).deletingLastPathComponent
        try writeFile(folder + "/other.txt", "not open")
        let handle = try #require(FileHandle(forReadingAtPath: file))
        #expect(try protection.lock()[.completeUnlessOpen] == .incompletelyRemoved)
        #expect(try protection.keyStates()[.completeUnlessOpen] == .incompletelyRemoved)
        // A file not open at the lock is gone; so is creating one (the key's secret is wiped).
        #expect(openErrno(folder + "/other.txt") == ENOKEY)
        #expect(open(folder + "/new.txt", O_WRONLY | O_CREAT, 0o600) == -1 && errno == ENOKEY)
        #expect(String(decoding: handle.readDataToEndOfFile(), as: UTF8.self) == "plain completeUnlessOpen")
        try handle.close()
        // Closing the last handle lets the kernel finish the removal. A reference another process
        // holds for a moment (the whole suite runs beside this test) can delay it: retry for 1 s.
        var state = try protection.lock()[.completeUnlessOpen]
        for _ in 0..<50 where state != .absent {
            usleep(20_000)
            state = try protection.lock()[.completeUnlessOpen]
        }
        #expect(state == .absent)
        #expect(try protection.keyStates()[.completeUnlessOpen] == .absent)
    }

    /// Locks `classes` until their keys are gone. A process the suite starts beside this test can
    /// hold one of their files for a moment (a fork copies every descriptor until its exec), and
    /// the kernel then leaves that key "incompletely removed": retry for 1 s, as a user would.
    func lockFully(_ protection: DataProtection, _ classes: [ProtectionClass]) throws -> [ProtectionClass: FilesystemKeyring.Status] {
        var states = try protection.lock(classes)
        for _ in 0..<50 where states.values.contains(where: { $0 != .absent }) {
            usleep(20_000)
            states = try protection.lock(classes)
        }
        return states
    }

    @Test func aWrongPassphraseAddsNoKey() throws {
        let (volume, protection, files) = try classFolders()
        _ = volume
        #expect(try lockFully(protection, ProtectionClass.keyed).values.allSatisfy { $0 == .absent })
        let error = #expect(throws: ProtectionError.self) { try protection.unlock(passphrase: Array("wrong".utf8)) }
        #expect(error?.code == .wrongPassphrase)
        #expect(try protection.keyStates().values.allSatisfy { $0 == .absent })
        for protection_ in ProtectionClass.keyed { #expect(lockedOpen(files[protection_]!) == (ENOENT, ENOKEY)) }
    }

    @Test func aNonEmptyFolderOrAFileIsRefusedByName() throws {
        let volume = try EncryptedVolume()
        let protection = DataProtection(dataHome: try volume.folder("ferry"))
        _ = try protection.unlock(passphrase: passphrase)
        let folder = try volume.folder("full")
        try writeFile(folder + "/a", "a")
        let ids = try protection.identifiers()
        let full = #expect(throws: ProtectionError.self) { try FolderProtection.set(.complete, on: folder, identifiers: ids) }
        #expect(full?.code == .notEmpty && full?.message.hasPrefix(folder + " is not empty") == true)
        let file = #expect(throws: ProtectionError.self) { try FolderProtection.set(.complete, on: folder + "/a", identifiers: ids) }
        #expect(file?.code == .notADirectory)
        try FolderProtection.set(.complete, on: try volume.folder("c"), identifiers: ids)
        let child = try volume.folder("c/child")
        #expect(try FolderProtection.reading(at: child, identifiers: ids) == .enforced(.complete))
        let other = #expect(throws: ProtectionError.self) { try FolderProtection.set(.none, on: child, identifiers: ids) }
        #expect(other?.code == .alreadyProtected)
    }

    @Test func ext4WithoutEncryptSaysUnenforced() throws {
        let volume = try EncryptedVolume(encrypt: false)
        let protection = DataProtection(dataHome: try volume.folder("ferry"))
        #expect(try protection.unlock(passphrase: passphrase) == .init(created: true, enforced: false))
        #expect(!protection.keyring.isSupported)
        let folder = try volume.folder("docs")
        let reading = try FolderProtection.set(.complete, on: folder, identifiers: protection.identifiers())
        #expect(reading == .unenforced(intended: .complete))
        #expect(reading.description == "complete unenforced")
        #expect(try protection.keyStates()[.complete] == .unenforced)
    }
}
