import FerryCore
import Foundation

/// The launch image an app shows while a URL cold-launches it (iOS's `Default-<scheme>.png`).
///
/// Base names, in order: `UILaunchImageFile`, each `UILaunchImages` entry's `UILaunchImageName`,
/// then `Default`. For each base the per-scheme `<base>-<scheme>.png` is tried first, then, after
/// all bases, the app's own `<base>.png`. Paths are in the bundle (the manifest's folder); names
/// that leave it (`/`, `..`) are ignored.
enum LaunchImage {
    static func find(for app: InstalledApp, scheme: String) -> String? {
        find(manifestPath: app.manifestPath, folder: app.baseDirectory, scheme: scheme)
    }

    static func find(manifestPath: String, folder: String, scheme: String,
                     fileExists: (String) -> Bool = FileSystem.exists) -> String? {
        let bases = baseNames(manifestPath: manifestPath)
        let candidates = bases.map { "\($0)-\(scheme.lowercased()).png" } + bases.map { "\($0).png" }
        return candidates.lazy.filter(isPlainName).map { folder + "/" + $0 }.first(where: fileExists)
    }

    /// The base names the manifest names, then `Default`.
    static func baseNames(manifestPath: String) -> [String] {
        var bases: [String] = []
        if let data = FileManager.default.contents(atPath: manifestPath),
           let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] {
            if let file = plist["UILaunchImageFile"] as? String { bases.append(file) }
            for entry in plist["UILaunchImages"] as? [[String: Any]] ?? [] {
                if let name = entry["UILaunchImageName"] as? String { bases.append(name) }
            }
        }
        bases.append("Default")
        return bases.map { $0.hasSuffix(".png") ? String($0.dropLast(4)) : $0 }
    }

    private static func isPlainName(_ name: String) -> Bool {
        !name.contains("/") && !name.hasPrefix(".") && !name.isEmpty
    }
}
