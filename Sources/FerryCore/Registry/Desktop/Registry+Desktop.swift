extension Registry {
    /// Reads every manifest in the app folders and every desktop entry that handles a scheme.
    ///
    /// Desktop entries come after every Ferry folder in the search path, as command handlers of
    /// rank Alternate; the `mimeapps.list` defaults take part in ``resolve(scheme:defaults:)``.
    ///
    /// - Parameters:
    ///   - paths: Ferry's folders and the desktop's (``FerryPaths/desktop``).
    ///   - filter: When given, only manifests and desktop entries that may concern its words are read.
    public init(paths: FerryPaths, filter: ManifestFilter? = nil) {
        let scan = AppScanner.scan(paths.appFolders, filter: filter)
        let words = filter?.original
        let settled = Set(scan.apps.flatMap { app in
            [app.bundleIdentifier.lowercased()] + app.manifest.urlTypes.filter { $0.rank != .none }.flatMap(\.schemes)
        })
        let desktop = DesktopScanner.scan(paths.desktop, words: words, precedence: paths.appFolders.count,
                                          settled: settled)
        self.init(apps: scan.apps + desktop.apps, diagnostics: scan.diagnostics)
        associations = desktop.associations
        desktopDiagnostics = desktop.diagnostics
    }

    /// The first installed desktop entry a `mimeapps.list` names as the default for `scheme`,
    /// with the file's entry.
    func desktopDefault(for scheme: String) -> (app: InstalledApp, choice: MimeAppsList.Default)? {
        for choice in associations.defaults[scheme] ?? [] {
            if let app = app(choice.id), app.isDesktopEntry { return (app, choice) }
        }
        return nil
    }
}

extension Registry {
    /// The desktop rules: the user's `mimeapps.list` default beats the rank rules; with no Ferry
    /// app, the preferred desktop entry handles the scheme. Also puts a system default first among
    /// the desktop claims. Returns nil when the rank rules decide.
    func resolveDesktop(_ scheme: String, into resolution: inout SchemeResolution) -> SchemeResolution? {
        let chosen = desktopDefault(for: scheme)
        if let chosen {
            resolution.claims.removeAll { $0.app.bundleIdentifier == chosen.app.bundleIdentifier }
            let firstDesktop = resolution.claims.firstIndex { $0.app.isDesktopEntry } ?? resolution.claims.endIndex
            resolution.claims.insert(.init(app: chosen.app, rank: .alternate), at: firstDesktop)
            resolution.mimeAppsFile = chosen.choice.file
        }
        if let chosen, chosen.choice.isUsers {
            resolution.handler = chosen.app
            resolution.rule = .desktopDefault
            return resolution
        }
        guard !resolution.claims.contains(where: { !$0.app.isDesktopEntry }),
              let first = resolution.claims.first else {
            resolution.mimeAppsFile = nil
            return nil
        }
        resolution.handler = first.app
        resolution.rule = .desktopEntry
        if chosen?.app.bundleIdentifier != first.app.bundleIdentifier { resolution.mimeAppsFile = nil }
        return resolution
    }
}

extension InstalledApp {
    /// Where the handler comes from, as `ferry schemes` and `ferry open --explain` say it:
    /// `manifest`, `built-in`, `desktop entry`, or `desktop entry, D-Bus` for one the session bus
    /// starts (``dbusActivation``).
    public var source: String {
        isDesktopEntry ? (dbusActivation == nil ? "desktop entry" : "desktop entry, D-Bus") : isSystem ? "built-in" : "manifest"
    }
}

extension SchemeResolution.Claim {
    /// `ID (Rank)`, or `ID (Alternate, desktop entry)` for a desktop entry (`desktop entry, D-Bus`
    /// for one the session bus starts).
    public var label: String {
        "\(app.bundleIdentifier) (\(rank.rawValue)\(app.isDesktopEntry ? ", " + app.source : ""))"
    }
}
