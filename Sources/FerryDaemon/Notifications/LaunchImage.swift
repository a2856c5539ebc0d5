import FerryCore
import FoundationEssentials

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
           case .dictionary(let plist)? = try? PropertyListDecoder().decode(PropertyListValue.self, from: data) {
            if case .string(let file)? = plist["UILaunchImageFile"] { bases.append(file) }
            if case .array(let entries)? = plist["UILaunchImages"] {
                for case .dictionary(let entry) in entries {
                    if case .string(let name)? = entry["UILaunchImageName"] { bases.append(name) }
                }
            }
        }
        bases.append("Default")
        return bases.map { $0.hasSuffix(".png") ? String($0.dropLast(4)) : $0 }
    }

    private static func isPlainName(_ name: String) -> Bool {
        !name.contains("/") && !name.hasPrefix(".") && !name.isEmpty
    }
}
