/// The associations of every `mimeapps.list` for URL schemes, merged by the XDG MIME Applications
/// spec's precedence: defaults in file order, added and removed associations with higher files
/// overriding lower ones.
public struct MimeAppsList: Sendable, Equatable {
    /// A `[Default Applications]` choice.
    public struct Default: Sendable, Equatable {
        /// The desktop file id.
        public var id: String
        /// Whether it comes from the user's own `mimeapps.list`.
        public var isUsers: Bool
        /// The file it comes from.
        public var file: String
    }

    /// Scheme → the default applications, highest precedence first.
    public private(set) var defaults: [String: [Default]] = [:]
    /// Scheme → desktop ids associated by `[Added Associations]` (and not removed above).
    public private(set) var added: [String: [String]] = [:]
    /// Scheme → desktop ids whose association was removed by `[Removed Associations]`.
    public private(set) var removed: [String: Set<String>] = [:]

    public init() {}

    /// Reads the files that exist; unreadable ones are skipped, as by every desktop.
    public init(files: [DesktopPaths.MimeAppsFile]) {
        let read = files.compactMap { file in FileSystem.readText(file.path).map { (file, DesktopKeyFile(parsing: $0)) } }
        for (file, keys) in read {
            for (scheme, ids) in Self.schemeEntries(keys, group: "Default Applications") {
                defaults[scheme, default: []] += ids.map { Default(id: $0, isUsers: file.isUsers, file: file.path) }
            }
        }
        // Lowest precedence first, so a higher file's association overrides a lower one's.
        for (_, keys) in read.reversed() {
            for (scheme, ids) in Self.schemeEntries(keys, group: "Removed Associations") {
                removed[scheme, default: []].formUnion(ids)
                added[scheme]?.removeAll { ids.contains($0) }
            }
            for (scheme, ids) in Self.schemeEntries(keys, group: "Added Associations") {
                removed[scheme]?.subtract(ids)
                added[scheme] = ids + (added[scheme] ?? []).filter { !ids.contains($0) }
            }
        }
    }

    /// Every desktop id the files name for `scheme`.
    public func mentioned(for scheme: String) -> [String] {
        (defaults[scheme] ?? []).map(\.id) + (added[scheme] ?? [])
    }

    private static func schemeEntries(_ keys: DesktopKeyFile, group: String) -> [(String, [String])] {
        (keys.groups[group] ?? []).compactMap { entry in
            DesktopEntry.scheme(ofMimeType: String(entry.key)).map { ($0, DesktopKeyFile.splitList(entry.value)) }
        }
    }
}
