/// Finds the desktop entries that handle URL schemes in the `applications` folders and turns
/// them into command handlers of rank Alternate.
enum DesktopScanner {
    struct Result {
        var apps: [InstalledApp] = []
        var diagnostics: [DesktopEntryError] = []
        var associations = MimeAppsList()
    }

    /// Scans `paths`.
    ///
    /// - Parameters:
    ///   - paths: The folders and `mimeapps.list` files.
    ///   - words: When given (lowercased schemes or ids), only entries that may claim one of these
    ///     schemes, or whose id is one of them, or which a `mimeapps.list` names for one, are parsed.
    ///   - precedence: The search-path position of the first folder: after every Ferry folder.
    ///   - settled: Words a Ferry app already answers (schemes it claims above None, its bundle
    ///     id). When every word is settled, no folder is listed: only the entries a
    ///     `mimeapps.list` names (or a word names as `ID.desktop`) are looked up by id, since
    ///     any other desktop entry would lose to the Ferry app.
    static func scan(_ paths: DesktopPaths, words given: [String]?, precedence: Int, settled: Set<String> = []) -> Result {
        var result = Result()
        // Schemes compare lowercased; desktop ids keep their case (they are file names).
        let words = given.map { $0.map { $0.hasSuffix(".desktop") ? $0 : $0.lowercased() } }
        result.associations = MimeAppsList(files: paths.mimeAppsFiles)
        let associations = result.associations
        let wanted = words.map { words in
            Wanted(words: words, named: Set(words.flatMap { associations.mentioned(for: $0) }))
        }
        let named = wanted?.named ?? Set(associations.defaults.keys.flatMap { associations.mentioned(for: $0) }
                                         + associations.added.values.joined())
        var seen: Set<String> = []
        if let wanted, wanted.words.allSatisfy({ settled.contains($0.lowercased()) || $0.hasSuffix(".desktop") }) {
            let ids = wanted.named.union(wanted.words.filter { $0.hasSuffix(".desktop") })
            for id in ids.sorted() {
                lookUp(id, in: paths, precedence: precedence, wanted: wanted, named: named, into: &result)
            }
            return result
        }
        for (index, folder) in paths.applicationFolders.enumerated() {
            let app = AppFolder(path: folder, kind: .desktop)
            let pass = Pass(folder: app, precedence: precedence + index, wanted: wanted, named: named,
                            searchPath: paths.searchPath)
            scan(folder, prefix: "", into: &result, context: pass, seen: &seen)
        }
        return result
    }

    private struct Wanted {
        var words: [String]
        var named: Set<String>
        /// `x-scheme-handler/WORD` as bytes, made once for every file.
        var patterns: [[UInt8]]

        init(words: [String], named: Set<String>) {
            self.words = words
            self.named = named
            patterns = words.map { Array((DesktopEntry.schemePrefix + $0.lowercased()).utf8) }
        }
    }

    private struct Pass {
        var folder: AppFolder
        var precedence: Int
        var wanted: Wanted?
        /// The ids a `mimeapps.list` names for the schemes concerned: kept even without a `MimeType`.
        var named: Set<String>
        var searchPath: String
    }

    private static func scan(_ directory: String, prefix: String, into result: inout Result, context: Pass,
                             seen: inout Set<String>) {
        guard let names = FileSystem.entries(of: directory) else { return }
        for name in names where !name.hasPrefix(".") {
            let path = directory + "/" + name
            if name.hasSuffix(".desktop") {
                let id = DesktopEntry.id(relativePath: prefix + name)
                // Ferry's own bridge is never a handler: not even read.
                guard seen.insert(id).inserted, id != DesktopBridge.id else { continue }
                load(path, id: id, into: &result, context: context)
            } else if prefix.count < 256, FileSystem.isDirectory(path) {
                scan(path, prefix: prefix + name + "/", into: &result, context: context, seen: &seen)
            }
        }
    }

    /// The entry `id` from the first folder that has it (`a-b.desktop` may be `a/b.desktop`).
    private static func lookUp(_ id: String, in paths: DesktopPaths, precedence: Int, wanted: Wanted, named: Set<String>,
                               into result: inout Result) {
        guard id != DesktopBridge.id else { return }
        let candidates = [id] + (id.contains("-") ? [String(id.prefix { $0 != "-" }) + "/" + id.drop { $0 != "-" }.dropFirst()] : [])
        for (index, folder) in paths.applicationFolders.enumerated() {
            guard let relative = candidates.first(where: { FileSystem.isRegularFile(folder + "/" + $0) }) else { continue }
            let pass = Pass(folder: AppFolder(path: folder, kind: .desktop), precedence: precedence + index,
                            wanted: wanted, named: named, searchPath: paths.searchPath)
            load(folder + "/" + relative, id: id, into: &result, context: pass)
            return
        }
    }

    private static func load(_ path: String, id: String, into result: inout Result, context: Pass) {
        guard let bytes = FileSystem.readBytes(path) else { return }
        if let wanted = context.wanted, !wanted.named.contains(id), !wanted.words.contains(id),
           !DesktopPrefilter.mimeTypeMentions(bytes, anyOf: wanted.patterns) {
            return
        }
        let entry: DesktopEntry
        do {
            entry = try DesktopEntry(parsing: String(decoding: bytes, as: UTF8.self), id: id, path: path)
        } catch {
            result.diagnostics.append(error)
            return
        }
        guard !entry.hidden, !entry.isFerryBridge, installed(entry.tryExec, searchPath: context.searchPath) else { return }
        let schemes = claimedSchemes(entry, result.associations)
        guard !schemes.isEmpty || context.wanted?.words.contains(id) == true
                || context.named.contains(id) else { return }
        result.apps.append(InstalledApp(desktopEntry: entry, schemes: schemes, folder: context.folder,
                                        precedence: context.precedence))
    }

    /// The entry's `MimeType` schemes without removed associations, plus added ones.
    private static func claimedSchemes(_ entry: DesktopEntry, _ associations: MimeAppsList) -> [String] {
        var schemes = entry.schemes.filter { associations.removed[$0]?.contains(entry.id) != true }
        for (scheme, ids) in associations.added.sorted(by: { $0.key < $1.key })
        where ids.contains(entry.id) && !schemes.contains(scheme) {
            schemes.append(scheme)
        }
        return schemes
    }

    /// `TryExec`: an absolute path that is executable, or a name found in `PATH`.
    private static func installed(_ program: String?, searchPath: String) -> Bool {
        guard let program, !program.isEmpty else { return true }
        if program.hasPrefix("/") { return FileSystem.isExecutable(program) }
        return searchPath.split(separator: ":").contains { FileSystem.isExecutable("\($0)/\(program)") }
    }
}

extension InstalledApp {
    /// A desktop entry as a command app claiming `schemes` at rank Alternate; a D-Bus entry
    /// carries `DBusActivatable` (see ``dbusActivation``), and its `Exec` only for `ferry` without ferryd.
    init(desktopEntry entry: DesktopEntry, schemes: [String], folder: AppFolder, precedence: Int) {
        let type = Manifest.URLType(name: nil, schemes: schemes, role: .viewer, rank: .alternate)
        let manifest = Manifest(
            bundleIdentifier: entry.id, name: entry.name, displayName: nil, version: nil, shortVersion: nil,
            urlTypes: schemes.isEmpty ? [] : [type], documentTypes: [], queriesSchemes: [], exitsOnSuspend: false,
            backgroundModes: [], program: entry.exec.template.isEmpty ? nil : .arguments(entry.exec.template),
            kind: .command, otherKeys: entry.dbus == nil ? [:] : [Self.dbusActivatableKey: .boolean(true)])
        self.init(manifest: manifest, bundlePath: entry.path, manifestPath: entry.path, folder: folder,
                  precedence: precedence)
    }

    /// Whether this handler is a freedesktop `.desktop` entry rather than a Ferry manifest.
    public var isDesktopEntry: Bool { folder.kind == .desktop }
}
