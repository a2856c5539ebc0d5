/// Who handles a scheme, and which rule decided it.
public struct SchemeResolution: Sendable, Equatable {
    /// The rule that picked the handler, in the order Ferry applies them.
    public enum Rule: String, Sendable, Equatable {
        /// A built-in system handler owns this reserved scheme.
        case reserved
        /// The user chose the handler with `ferry default`.
        case userDefault = "user default"
        /// One app claims the scheme at a higher `LSHandlerRank` than every other.
        case rank
        /// Several apps tie at the top rank: the search-path order, then the bundle identifier.
        case tieBreak = "tie-break"
        /// The user's own `mimeapps.list` names a desktop entry as the default (an explicit choice).
        case desktopDefault = "desktop default"
        /// No Ferry app claims the scheme: the preferred desktop entry (a system `mimeapps.list`
        /// default, else the first in the XDG data dirs' order) handles it.
        case desktopEntry = "desktop entry"
    }

    /// An app's claim on the scheme: its best `LSHandlerRank` among its URL types.
    public struct Claim: Sendable, Equatable {
        /// The claiming app.
        public var app: InstalledApp
        /// Its best rank for the scheme.
        public var rank: Manifest.HandlerRank
    }

    /// The scheme, lowercased.
    public var scheme: String
    /// The chosen handler; nil when no app can handle the scheme.
    public var handler: InstalledApp?
    /// The rule that chose it; nil with no handler.
    public var rule: Rule?
    /// Every claim that took part, best first.
    public var claims: [Claim]
    /// Third-party claims on a reserved scheme, ignored as on iOS.
    public var ignoredClaims: [Claim]
    /// The apps tied at the top rank when the tie-break decided: a conflict to report.
    public var conflict: [InstalledApp]
    /// Why the user's choice was not used, when there is one that could not be honoured.
    public var unusableDefault: String?
    /// The `mimeapps.list` that chose the handler, for the desktop rules.
    public var mimeAppsFile: String?
}

extension Registry {
    /// Decides who handles `scheme`:
    /// 1. a built-in system handler for a reserved scheme; 2. the user's choice; 3. a desktop
    /// entry the user's own `mimeapps.list` names as default; 4. the highest `LSHandlerRank`
    /// (`None` never handles); 5. the search-path order, then the bundle identifier in byte order,
    /// reporting a tie between Ferry apps as a conflict; 6. with no Ferry app, the preferred
    /// desktop entry.
    ///
    /// - Parameters:
    ///   - scheme: The scheme, in any case.
    ///   - defaults: The user's choices from `ferry default`.
    public func resolve(scheme: String, defaults: HandlerDefaults = HandlerDefaults()) -> SchemeResolution {
        let scheme = scheme.lowercased()
        let all = claims(on: scheme)
        var resolution = SchemeResolution(scheme: scheme, claims: all, ignoredClaims: [], conflict: [])
        let system = all.filter { $0.app.isSystem }
        if !system.isEmpty {
            resolution.ignoredClaims = all.filter { !$0.app.isSystem && !$0.app.isDesktopEntry }
            resolution.claims = system
            resolution.handler = system.first?.app
            resolution.rule = .reserved
            return resolution
        }
        if let chosen = defaults.handler(for: scheme) {
            if let claim = all.first(where: { $0.app.bundleIdentifier == chosen }) {
                resolution.handler = claim.app
                resolution.rule = .userDefault
                return resolution
            }
            resolution.unusableDefault = app(chosen) == nil
                ? "the chosen handler \(chosen) is not installed"
                : "the chosen handler \(chosen) no longer declares \(scheme):"
        }
        if let desktop = resolveDesktop(scheme, into: &resolution) { return desktop }
        let manifests = all.filter { !$0.app.isDesktopEntry }
        let top = manifests.filter { $0.rank == manifests.first?.rank }
        resolution.handler = top.first?.app
        resolution.rule = top.isEmpty ? nil : (top.count == 1 ? .rank : .tieBreak)
        if top.count > 1 { resolution.conflict = top.map(\.app) }
        return resolution
    }

    /// Every app's claim on `scheme` that can handle it (rank above None), best first.
    private func claims(on scheme: String) -> [SchemeResolution.Claim] {
        claimants(of: scheme).filter { $0.rank != .none }
            .map { SchemeResolution.Claim(app: $0.app, rank: $0.rank) }
            .sorted(by: Self.precedes)
    }

    private static func precedes(_ a: SchemeResolution.Claim, _ b: SchemeResolution.Claim) -> Bool {
        if a.rank != b.rank { return a.rank > b.rank }
        if a.app.precedence != b.app.precedence { return a.app.precedence < b.app.precedence }
        return a.app.bundleIdentifier.utf8.lexicographicallyPrecedes(b.app.bundleIdentifier.utf8)
    }
}
