import FerryCore
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Installs apps into the user's folder so that a half-copied app is never seen: the copy is
/// staged under a hidden name (the registry skips dot-names), checked, then renamed into place.
struct AppInstaller {
    let userApps: String
    let registry: Registry
    let paths: FerryPaths
    let environment: [String: String]

    /// - Parameter settings: Xcode build settings to expand in the manifest (`ferry install --set`);
    ///   the installed copy holds the expanded manifest, the source is not changed.
    func install(_ source: String, force: Bool, settings: [String: String] = [:]) throws -> InstalledApp {
        var name = String(source.split(separator: "/").last ?? "")
        let expanded = try expandedManifest(source, name: name, settings: settings)
        let manifest = try check(source, name: name, expanded: expanded)
        let helper = Self.helperProgram(of: manifest, plist: source, name: name)
        if helper != nil { name = String(name.dropLast(".plist".count)) + ".app" }
        let destination = userApps + "/" + name
        let replaced = try replacedPaths(manifest.bundleIdentifier, destination: destination, force: force)
        try ensureFolder()
        let staged = userApps + "/.installing-\(getpid())-" + name
        try? FileManager.default.removeItem(atPath: staged)
        do {
            if let helper {
                // A plugin plist whose program sits beside it is installed as a bundle holding both.
                try FileManager.default.createDirectory(atPath: staged, withIntermediateDirectories: false)
                try TreeCopy.copy(source, to: staged + "/Info.plist")
                try TreeCopy.copy(helper.path, to: staged + "/" + helper.name)
            } else {
                try TreeCopy.copy(source, to: staged)
            }
            if let expanded {
                let target = name.hasSuffix(".app") ? staged + "/Info.plist" : staged
                try? FileManager.default.removeItem(atPath: target)
                try expanded.write(to: URL(fileURLWithPath: target))
            }
            let app = InstalledApp(manifest: manifest, bundlePath: staged,
                                   manifestPath: name.hasSuffix(".app") ? staged + "/Info.plist" : staged,
                                   folder: AppFolder(path: userApps, kind: .user), precedence: 0)
            _ = try LaunchCommand(app: app, url: "x:", sourceApplication: nil, paths: paths, environment: environment)
            try replaced.forEach(Self.remove)
            try rename(staged, destination)
        } catch {
            try? FileManager.default.removeItem(atPath: staged)
            throw failure(error)
        }
        var installed = registry.app(manifest.bundleIdentifier) ?? InstalledApp(
            manifest: manifest, bundlePath: destination, manifestPath: destination,
            folder: AppFolder(path: userApps, kind: .user), precedence: 0)
        installed.bundlePath = destination
        return installed
    }

    /// The program a standalone plist names by a relative path, when that file sits beside the plist.
    static func helperProgram(of manifest: Manifest, plist: String, name: String) -> (path: String, name: String)? {
        guard name.hasSuffix(".plist") else { return nil }
        let relative: String
        switch manifest.program {
        case .executable(let path)?: relative = path
        case .arguments(let arguments)? where arguments[0].contains("/") && !arguments[0].hasPrefix("/"): relative = arguments[0]
        default: return nil
        }
        let folder = plist.contains("/") ? String(plist[..<plist.lastIndex(of: "/")!]) : "."
        let path = folder + "/" + relative
        let parts = relative.split(separator: "/").filter { $0 != "." }
        guard parts.count == 1, parts[0] != "..", access(path, X_OK) == 0 else { return nil }
        let file = String(parts[0])
        return (path, file)
    }

    /// The manifest with `settings` expanded, or nil when there are none. Each must be used.
    private func expandedManifest(_ source: String, name: String, settings: [String: String]) throws -> Data? {
        guard !settings.isEmpty else { return nil }
        let path = name.hasSuffix(".app") ? source + "/Info.plist" : source
        guard let bytes = try? Data(contentsOf: URL(fileURLWithPath: path)) else {
            throw CommandFailure(message: "\(path): cannot be read", exit: FerryExit.noInput)
        }
        guard !bytes.starts(with: Array("bplist".utf8)), let text = String(data: bytes, encoding: .utf8) else {
            throw CommandFailure(message: "\(path): --set works on XML property lists; convert it (plistutil -f xml) or install the built .app's Info.plist",
                                 exit: FerryExit.badConfiguration)
        }
        let used = Set(BuildSetting.names(in: text))
        if let unused = settings.keys.sorted().first(where: { !used.contains($0) }) {
            throw CommandFailure(message: "--set \(unused): \(path) does not name $(\(unused))", exit: FerryExit.usage)
        }
        let escaped = settings.mapValues { $0.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;") }
        return Data(BuildSetting.substituting(escaped, in: text).utf8)
    }

    private func check(_ source: String, name: String, expanded: Data? = nil) throws -> Manifest {
        let manifestPath: String
        guard FileSystem.exists(source) else {
            throw CommandFailure(message: "\(source): no such file or folder; name a NAME.app folder or a NAME.plist file", exit: FerryExit.noInput)
        }
        if name.hasSuffix(".app") && isDirectory(source) {
            manifestPath = source + "/Info.plist"
        } else if name.hasSuffix(".plist") && !isDirectory(source) {
            manifestPath = source
        } else {
            throw CommandFailure(message: "\(source): is neither a NAME.app folder nor a NAME.plist file", exit: FerryExit.badConfiguration)
        }
        let loaded = expanded.map { ManifestLoader.parse($0, displayPath: manifestPath) }
            ?? ManifestLoader.load(path: manifestPath, displayPath: manifestPath)
        switch loaded {
        case .success(let manifest) where !manifest.droppedEntries.isEmpty:
            // Loading drops a faulty entry and keeps the app; installing is the time to fix it.
            var fault = manifest.droppedEntries[0]
            fault.consequence = nil
            throw CommandFailure(message: fault.description, exit: FerryExit.badConfiguration)
        case .success(let manifest): return manifest
        case .failure(let error): throw CommandFailure(message: error.description, exit: FerryExit.badConfiguration)
        }
    }

    /// What an install must remove: the destination and any same-identifier app in the user's folder.
    private func replacedPaths(_ identifier: String, destination: String, force: Bool) throws -> [String] {
        var paths: [String] = []
        if let existing = registry.app(identifier), existing.folder.path == userApps { paths.append(existing.bundlePath) }
        if access(destination, F_OK) == 0 && !paths.contains(destination) { paths.append(destination) }
        guard paths.isEmpty || force else {
            throw CommandFailure(message: "\(identifier): \(paths[0]) is already installed; use --force to replace it", exit: FerryExit.cannotWrite)
        }
        return paths
    }

    private func ensureFolder() throws {
        do { try FileManager.default.createDirectory(atPath: userApps, withIntermediateDirectories: true) } catch {
            throw CommandFailure(message: "cannot create \(userApps): \(error)", exit: FerryExit.cannotWrite)
        }
    }

    private func rename(_ from: String, _ to: String) throws {
        guard Glibc.rename(from, to) == 0 else {
            throw CommandFailure(message: "cannot move \(from) to \(to): \(String(cString: strerror(errno)))", exit: FerryExit.cannotWrite)
        }
    }

    private func failure(_ error: any Error) -> CommandFailure {
        if let failure = error as? CommandFailure { return failure }
        if let launch = error as? LaunchError {
            return CommandFailure(message: "not installed: \(launch.reason)", exit: FerryExit.badConfiguration)
        }
        return CommandFailure(message: "cannot install: \(error)", exit: FerryExit.cannotWrite)
    }

    /// Renames `path` aside under a hidden name, then deletes it, so it vanishes from the registry at once.
    static func remove(_ path: String) throws {
        let parent = path[..<(path.lastIndex(of: "/") ?? path.startIndex)]
        let aside = "\(parent)/.removing-\(getpid())-\(path.split(separator: "/").last ?? "")"
        guard Glibc.rename(path, aside) == 0 else {
            throw CommandFailure(message: "cannot remove \(path): \(String(cString: strerror(errno)))", exit: FerryExit.cannotWrite)
        }
        try? FileManager.default.removeItem(atPath: aside)
    }

    private func isDirectory(_ path: String) -> Bool {
        var isDirectory = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory
    }
}
