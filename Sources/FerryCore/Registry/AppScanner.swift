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
}
