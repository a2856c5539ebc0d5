import Foundation
@testable import FerryCore
import FerryTestSupport

/// Apps written into a test's folder.
extension TemporaryFolder {
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
