/// `ferry integrate`: Ferry as a desktop handler. One `.desktop` entry (`ferry-open.desktop`,
/// `Exec=FERRY open %u`, hidden from menus) declares every scheme Ferry's apps own, and the
/// user's `mimeapps.list` makes it the default for each, so `xdg-open` and `gio open` reach Ferry.
public struct DesktopBridge: Sendable {
    /// The bridge entry's desktop file id.
    public static let id = "ferry-open.desktop"

    /// Where the entry and the user's `mimeapps.list` are.
    public var entryPath: String
    public var mimeAppsPath: String

    /// What an integration changed.
    public struct Report: Sendable, Equatable {
        /// The schemes now routed to Ferry.
        public var schemes: [String] = []
        /// Schemes left to the desktop app the user had already chosen: scheme → desktop id.
        public var kept: [String: String] = [:]
    }

    /// The bridge for `paths`; nil when desktop entries are off (`FERRY_DESKTOP_ENTRIES=0`).
    public init?(paths: DesktopPaths) {
        guard let applications = paths.userApplications, let mimeApps = paths.userMimeApps else { return nil }
        entryPath = applications + "/" + Self.id
        mimeAppsPath = mimeApps
    }

    /// Whether integration is on: the entry exists.
    public var isInstalled: Bool { FileSystem.exists(entryPath) }

    /// The Ferry apps' schemes: those claimed above rank None by an app that is neither a desktop
    /// entry nor a built-in system handler (whose reserved schemes the desktop already handles).
    public static func schemes(of registry: Registry) -> [String] {
        let reserved = registry.reservedSchemes
        return registry.claimedSchemes.filter { scheme in
            !reserved.contains(scheme) && registry.claimants(of: scheme).contains {
                !$0.app.isDesktopEntry && !$0.app.isSystem && $0.rank != .none
            }
        }
    }

    /// Writes the entry and registers it, each file atomically; schemes Ferry no longer owns lose
    /// their registration.
    ///
    /// - Parameters:
    ///   - schemes: The schemes to route to Ferry.
    ///   - ferry: The absolute path of the `ferry` executable.
    /// - Throws: ``FileSystemError`` when a file cannot be written.
    public func install(schemes: [String], ferry: String) throws(FileSystemError) -> Report {
        try FileSystem.createDirectories(FerryPaths.parent(of: entryPath), mode: 0o755)
        try FileSystem.writeAtomically(Array(Self.entry(schemes: schemes, ferry: ferry).utf8), to: entryPath, mode: 0o644)
        let current = FileSystem.readText(mimeAppsPath)
        // nil: no file, or only what Ferry created.
        let base = current.flatMap { MimeAppsEditor.removingDefault(Self.id, from: $0) }
        let (text, kept) = MimeAppsEditor.settingDefault(Self.id, for: schemes, in: base)
        if base == nil && text.isEmpty {
            try FileSystem.remove(mimeAppsPath)
        } else if text != current {
            try FileSystem.createDirectories(FerryPaths.parent(of: mimeAppsPath), mode: 0o755)
            try FileSystem.writeAtomically(Array(text.utf8), to: mimeAppsPath, mode: 0o644)
        }
        return Report(schemes: schemes.filter { kept[$0] == nil }, kept: kept)
    }

    /// Removes the entry and every registration of it; other lines stay as they were.
    public func uninstall() throws(FileSystemError) {
        if let current = FileSystem.readText(mimeAppsPath) {
            if let text = MimeAppsEditor.removingDefault(Self.id, from: current) {
                if text != current { try FileSystem.writeAtomically(Array(text.utf8), to: mimeAppsPath, mode: 0o644) }
            } else {
                try FileSystem.remove(mimeAppsPath)
            }
        }
        try FileSystem.remove(entryPath)
    }

    /// The entry's text.
    static func entry(schemes: [String], ferry: String) -> String {
        """
        [Desktop Entry]
        Type=Application
        Name=Ferry
        Comment=Open URLs with the apps Ferry knows (written by ferry integrate)
        Exec=\(execQuoted(ferry)) open %u
        NoDisplay=true
        Terminal=false
        MimeType=\(schemes.map { DesktopEntry.schemePrefix + $0 + ";" }.joined())
        X-Ferry-Integration=true

        """
    }

    /// A program path as one Exec argument: quoted when needed, then escaped as a key-file string.
    static func execQuoted(_ path: String) -> String {
        let plain = path.allSatisfy { $0.isLetter || $0.isNumber || "/._-+".contains($0) }
        guard !plain else { return path }
        var quoted = "\""
        for character in path {
            if "\"`$\\".contains(character) { quoted += "\\" }
            quoted.append(character)
        }
        quoted += "\""
        return quoted.replacing("\\", with: "\\\\").replacing("%", with: "%%")
    }
}
