import Foundation

/// A real ext4 image made with `-O encrypt`, loop-mounted for one test (as in FerryProtectionTests,
/// whose helper a test target cannot share). Needs root and loop devices; without them the tests
/// that use it are skipped, and say so loudly.
final class ProtectionVolume {
    let mountPoint: String
    private let image: String

    static let available: Bool = {
        let ok = getuid() == 0 && access("/dev/loop-control", F_OK) == 0 && access("/usr/sbin/mkfs.ext4", X_OK) == 0
        if !ok { print("⚠️  SKIPPED: data protection end-to-end tests need root, loop devices and mkfs.ext4; nothing was checked") }
        return ok
    }()

    /// - Parameter encrypt: false makes a plain ext4 (no `encrypt` feature), to check `unenforced`.
    init(encrypt: Bool = true, megabytes: Int = 64) throws {
        let base = NSTemporaryDirectory() + "ferry-protect-\(getpid())-\(UUID().uuidString.prefix(8))"
        (image, mountPoint) = (base + ".img", base)
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: image, contents: nil)
        truncate(image, off_t(megabytes) << 20)
        try Self.run("/usr/sbin/mkfs.ext4", ["-q", "-F", "-b", "4096"] + (encrypt ? ["-O", "encrypt"] : []) + [image])
        try Self.run("/usr/bin/mount", ["-o", "loop", image, mountPoint])
    }

    deinit {
        try? Self.run("/usr/bin/umount", [mountPoint])
        unlink(image)
        rmdir(mountPoint)
    }

    /// Unmounts and mounts again: the kernel forgets every key of the filesystem, as at boot.
    func remount() throws {
        try Self.run("/usr/bin/umount", [mountPoint])
        try Self.run("/usr/bin/mount", ["-o", "loop", image, mountPoint])
    }

    static func run(_ tool: String, _ arguments: [String]) throws {
        let outcome = try FerryWorld.runProgram(tool, arguments)
        guard outcome.status == 0 else { throw VolumeFailure(description: "\(tool) \(arguments) failed: \(outcome.stderr)") }
    }

    struct VolumeFailure: Error, CustomStringConvertible { var description: String }

    /// Opening a file for reading: 0, or the errno. Once its key is gone the kernel finds no file
    /// by its plaintext name (ENOENT: names are encrypted too) and refuses the listed name (ENOKEY).
    static func openErrno(_ path: String) -> Int32 {
        let fd = open(path, O_RDONLY)
        if fd < 0 { return errno }
        close(fd)
        return 0
    }

    /// The errno of opening the first entry `folder` lists (its encrypted name when the key is gone).
    static func openListedErrno(_ folder: String) -> Int32? {
        guard let first = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.first else { return nil }
        return openErrno(folder + "/" + first)
    }
}
