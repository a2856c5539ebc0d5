/// Finds the apps in the search path: `NAME.app/Info.plist` bundles and standalone `NAME.plist`s.
enum AppScanner {
    struct Result {
        var apps: [InstalledApp] = []
        var diagnostics: [ManifestError] = []
    }

    static func scan(_ folders: [AppFolder], filter: ManifestFilter? = nil) -> Result {
        var result = Result()
        for (index, folder) in folders.enumerated() {
            scan(folder, precedence: index, filter: filter, into: &result)
        }
        return result
    }

    private static func scan(_ folder: AppFolder, precedence: Int, filter: ManifestFilter?, into result: inout Result) {
        guard let names = FileSystem.entries(of: folder.path) else { return }
        if folder.kind == .system, let reason = FolderTrust.problem(with: folder.path) {
            result.diagnostics.append(ManifestError(code: .untrusted, file: folder.path, keyPath: "",
                                                    message: "this apps folder is not read: \(reason)"))
            return
        }
        for name in names where !name.hasPrefix(".") {
            let bundlePath = folder.path + "/" + name
            let manifestPath: String
            if name.hasSuffix(".app") && FileSystem.isDirectory(bundlePath) {
                manifestPath = bundlePath + "/Info.plist"
            } else if name.hasSuffix(".plist") && !FileSystem.isDirectory(bundlePath) {
                manifestPath = bundlePath
            } else {
                continue
            }
            let display = String(manifestPath.dropFirst(folder.path.count + 1))
            if let reason = untrustedEntry(bundlePath, manifestPath, in: folder) {
                result.diagnostics.append(ManifestError(code: .untrusted, file: manifestPath, keyPath: "", message: "not read: \(reason)"))
                continue
            }
            switch ManifestLoader.load(path: manifestPath, displayPath: display, filter: filter) {
            case .success(var manifest):
                let file = folder.kind == .user ? display : manifestPath
                for index in manifest.droppedEntries.indices { manifest.droppedEntries[index].file = file }
                let app = InstalledApp(manifest: manifest, bundlePath: bundlePath, manifestPath: manifestPath,
                                       folder: folder, precedence: precedence)
                if let problem = AppContainment.problem(with: app, display: file) {
                    result.diagnostics.append(problem)
                } else {
                    result.apps.append(app)
                }
            case .failure(let error) where error.code == .filteredOut:
                continue
            case .failure(var error):
                error.file = folder.kind == .user ? display : manifestPath
                result.diagnostics.append(error)
            }
        }
    }

    /// In the folders other users share (system and built-in), a bundle or manifest another user
    /// owns or can write is not read: the folder's owner did not write it.
    private static func untrustedEntry(_ bundlePath: String, _ manifestPath: String, in folder: AppFolder) -> String? {
        guard folder.kind == .system || folder.kind == .builtIn else { return nil }
        return FolderTrust.entryProblem(with: bundlePath)
            ?? (manifestPath == bundlePath ? nil : FolderTrust.entryProblem(with: manifestPath))
    }
}
