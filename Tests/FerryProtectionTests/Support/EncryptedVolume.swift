import Foundation

/// A real ext4 image made with `-O encrypt`, loop-mounted for one test and unmounted after it.
/// Needs root and loop devices; without them the tests that use it are skipped, and say so loudly.
final class EncryptedVolume {
    let mountPoint: String
    private let image: String

    /// Whether volumes can be made here (root, /dev/loop-control, mkfs.ext4).
    static let available: Bool = {
        let ok = getuid() == 0 && access("/dev/loop-control", F_OK) == 0 && access("/usr/sbin/mkfs.ext4", X_OK) == 0
        if !ok {
            print("⚠️  SKIPPED: fscrypt volume tests need root, loop devices and mkfs.ext4; nothing about data protection was checked")
        }
        return ok
    }()

    /// - Parameter encrypt: false makes a plain ext4 (no `encrypt` feature), to check `unenforced`.
    init(encrypt: Bool = true, megabytes: Int = 64) throws {
        let base = NSTemporaryDirectory() + "ferry-volume-\(getpid())-\(UUID().uuidString.prefix(8))"
        image = base + ".img"
        mountPoint = base
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: image, contents: nil) else { throw VolumeError("cannot create \(image)") }
        truncate(image, off_t(megabytes) << 20)
        var mkfs = ["-q", "-F", "-b", "4096"]
        if encrypt { mkfs += ["-O", "encrypt"] }
        try Self.run("/usr/sbin/mkfs.ext4", mkfs + [image])
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

    /// Makes a folder inside the volume.
    func folder(_ name: String) throws -> String {
        let path = mountPoint + "/" + name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw VolumeError("\(tool) \(arguments.joined(separator: " ")) failed: \(text)")
        }
    }
}

struct VolumeError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Opens a file for reading and returns the C library's errno (0 when it opened).
func openErrno(_ path: String) -> Int32 {
    let fd = open(path, O_RDONLY)
    if fd < 0 { return errno }
    close(fd)
    return 0
}

/// Writes a small file with the C library (no temporary files, which would need the key too).
func writeFile(_ path: String, _ text: String) throws {
    guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else { throw VolumeError("cannot write \(path): errno \(errno)") }
}

/// How opening a file fails once its key is gone: by its plaintext name the kernel finds nothing
/// (names are encrypted too: ENOENT); by the name it lists without the key, open fails with ENOKEY.
/// Returns (by name, by listed name); (0, 0) when the file opens.
func lockedOpen(_ path: String) -> (byName: Int32, byListedName: Int32) {
    let byName = openErrno(path)
    let folder = (path as NSString).deletingLastPathComponent
    let listed = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    guard byName != 0, let first = listed.first else { return (byName, byName) }
    return (byName, openErrno(folder + "/" + first))
}
