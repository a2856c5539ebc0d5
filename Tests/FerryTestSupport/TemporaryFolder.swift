// Only test builds use it (see OffThePool.swift).
#if canImport(Testing)
import Foundation

/// A folder removed when the test ends. It lives under the package's `.build`, not /tmp: Ferry
/// does not read system and built-in folders under a folder every user can write (FolderTrust),
/// and tests run as root.
public final class TemporaryFolder: Sendable {
    public let path: String

    /// `.build/ferry-tests` of this checkout, writable by its owner only.
    static let base: String = {
        var url = URL(fileURLWithPath: "\(#filePath)")
        for _ in 0..<3 { url.deleteLastPathComponent() }
        let base = url.path + "/.build/ferry-tests"
        try? FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        chmod(base, 0o755)
        return base
    }()

    public init() throws {
        path = Self.base + "/ferry-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        chmod(path, 0o755)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The permission bits of `relative` inside the folder.
    public func mode(_ relative: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path + "/" + relative)
        return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
    }
}
#endif
