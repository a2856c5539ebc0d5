import Foundation
@testable import FerryCore

/// A folder removed when the test ends, with helpers to write apps into it. It lives under the
/// package's `.build`, not /tmp: system and built-in folders under a folder every user can write
/// are not read (FolderTrust), and tests run as root.
final class TemporaryFolder {
    let path: String

    /// `.build/ferry-core-tests` of this checkout, writable by its owner only.
    static let base: String = {
        var dir = "\(#filePath)"
        for _ in 0..<3 { dir = FerryPaths.parent(of: dir) }
        let base = dir + "/.build/ferry-core-tests"
        try? FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        chmod(base, 0o755)
        return base
    }()

    init() throws {
        path = Self.base + "/ferry-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        chmod(path, 0o755)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `NAME.app/Info.plist` (or a standalone `NAME.plist` when `bundle` is false) in `folder`.
    @discardableResult
    func writeApp(
        _ name: String, in folder: String = "apps", bundle: Bool = true, _ plist: [String: Any]
    ) throws -> String {
        let directory = path + "/" + folder + (bundle ? "/\(name).app" : "")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = directory + (bundle ? "/Info.plist" : "/\(name).plist")
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
        try data.write(to: URL(fileURLWithPath: file))
        return file
    }

    func folder(_ name: String, _ kind: AppFolder.Kind) -> AppFolder {
        AppFolder(path: path + "/" + name, kind: kind)
    }
}

/// A manifest dictionary claiming `schemes` at `rank`.
func app(_ identifier: String, _ schemes: [String], rank: String = "Default", extra: [String: Any] = [:]) -> [String: Any] {
    var plist: [String: Any] = [
        "CFBundleIdentifier": identifier,
        "CFBundleURLTypes": [["CFBundleURLSchemes": schemes, "LSHandlerRank": rank]],
        "CFBundleExecutable": "run",
    ]
    plist.merge(extra) { $1 }
    return plist
}
