// Only test builds use it (see OffThePool.swift).
#if canImport(Testing)
import Foundation

/// A real ext4 image made with `-O encrypt`, loop-mounted for one test and unmounted after it.
/// Needs root and loop devices; without them the tests that use it are skipped, and say so loudly.
public final class EncryptedVolume {
    public let mountPoint: String
    private let image: String

    /// Whether volumes can be made here (root, /dev/loop-control, mkfs.ext4).
    public static let available: Bool = {
        let ok = getuid() == 0 && access("/dev/loop-control", F_OK) == 0 && access("/usr/sbin/mkfs.ext4", X_OK) == 0
        if !ok {
            print("⚠️  SKIPPED: tests on an encrypted volume need root, loop devices and mkfs.ext4; nothing about data protection was checked")
        }
        return ok
    }()

    /// - Parameter encrypt: false makes a plain ext4 (no `encrypt` feature), to check `unenforced`.
    public init(encrypt: Bool = true, megabytes: Int = 64) throws {
        let base = NSTemporaryDirectory() + "ferry-volume-\(getpid())-\(UUID().uuidString.prefix(8))"
        (image, mountPoint) = (base + ".img", base)
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: image, contents: nil) else { throw VolumeError("cannot create \(image)") }
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
    public func remount() throws {
        try Self.run("/usr/bin/umount", [mountPoint])
        try Self.run("/usr/bin/mount", ["-o", "loop", image, mountPoint])
    }

    /// Makes a folder inside the volume.
    public func folder(_ name: String) throws -> String {
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

/// A volume could not be made, mounted or written.
public struct VolumeError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
#endif
