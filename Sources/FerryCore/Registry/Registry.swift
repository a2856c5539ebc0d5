/// Every app in the search path, read fresh from disk: nothing is cached between commands.
public struct Registry: Sendable {
    /// An app hidden by another with the same bundle identifier higher in the search path.
    public struct Shadowed: Sendable, Equatable {
        /// The app that is ignored.
        public var app: InstalledApp
        /// The app that wins.
        public var winner: InstalledApp
    }

    /// The apps in effect, in search-path order, one per bundle identifier.
    public private(set) var apps: [InstalledApp]
    /// Apps hidden by a same-identifier app that takes precedence.
    public private(set) var shadowed: [Shadowed]
    /// One diagnostic per manifest that could not be used.
    public private(set) var diagnostics: [ManifestError]
    /// One diagnostic per entry left out of an app that is used (see ``Manifest/droppedEntries``),
    /// shadowed apps included.
    public var droppedEntries: [ManifestError] {
        (apps + shadowed.map(\.app)).flatMap(\.manifest.droppedEntries)
    }

    /// The `mimeapps.list` associations for schemes (see ``Registry/init(paths:filter:)``).
    public internal(set) var associations = MimeAppsList()
    /// One diagnostic per `.desktop` file claiming a scheme that could not be used.
    public internal(set) var desktopDiagnostics: [DesktopEntryError] = []

    private var byIdentifier: [String: Int]
    /// Scheme → (app index, best rank): resolving one scheme costs its claimants, not every app.
    private var claimsByScheme: [String: [(app: Int, rank: Manifest.HandlerRank)]] = [:]

    /// Reads every manifest in `folders`.
    ///
    /// - Parameters:
    ///   - folders: The app folders, highest precedence first.
    ///   - filter: When given, only manifests that may mention its words are decoded: enough to
    ///     resolve one scheme or find one app, much faster with many apps installed.
    public init(folders: [AppFolder], filter: ManifestFilter? = nil) {
        let scan = AppScanner.scan(folders, filter: filter)
        self.init(apps: scan.apps, diagnostics: scan.diagnostics)
    }

    /// A registry over apps already loaded, in precedence order.
    public init(apps candidates: [InstalledApp], diagnostics: [ManifestError] = []) {
        apps = []
        shadowed = []
        byIdentifier = [:]
        self.diagnostics = diagnostics
        for app in candidates {
            if let index = byIdentifier[app.bundleIdentifier] {
                shadowed.append(Shadowed(app: app, winner: apps[index]))
            } else {
                byIdentifier[app.bundleIdentifier] = apps.count
                index(app, at: apps.count)
                apps.append(app)
            }
        }
    }

    private mutating func index(_ app: InstalledApp, at position: Int) {
        var best: [String: Manifest.HandlerRank] = [:]
        for type in app.manifest.urlTypes {
            for scheme in type.schemes { best[scheme] = max(best[scheme] ?? .none, type.rank) }
        }
        for (scheme, rank) in best { claimsByScheme[scheme, default: []].append((position, rank)) }
    }

    /// Each app claiming `scheme` (lowercased) with its best rank, in search-path order.
    func claimants(of scheme: String) -> [(app: InstalledApp, rank: Manifest.HandlerRank)] {
        (claimsByScheme[scheme] ?? []).map { (apps[$0.app], $0.rank) }
    }

    /// The app with `bundleIdentifier`, if installed.
    public func app(_ bundleIdentifier: String) -> InstalledApp? {
        byIdentifier[bundleIdentifier].map { apps[$0] }
    }

    /// Every scheme some app claims, sorted.
    public var claimedSchemes: [String] {
        claimsByScheme.keys.sorted()
    }

    /// The manifests skipped although they name `scheme` (lowercased) in `CFBundleURLTypes`.
    public func skippedClaims(of scheme: String) -> [ManifestError] {
        diagnostics.filter { $0.claimedSchemes.contains(scheme) }
    }

    /// The system's uniform types and every app's exported and imported declarations.
    public var types: TypeTree { TypeTree(apps: apps) }

    /// The schemes declared by built-in system handlers: no third party may take them.
    public var reservedSchemes: Set<String> {
        Set(apps.filter(\.isSystem).flatMap { $0.manifest.urlTypes.flatMap(\.schemes) })
    }
}
