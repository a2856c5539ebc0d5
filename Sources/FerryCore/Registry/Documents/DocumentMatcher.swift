/// Picks the app whose `CFBundleDocumentTypes` fit a file best: for a received file (ferryd) and
/// for `ferry open PATH`, one rule for both.
public enum DocumentMatcher {
    /// The best match among `apps`, or nil when none declares the file's type.
    ///
    /// The file's most specific UTI comes from ``TypeTree/identify(_:)``. An entry with
    /// `LSItemContentTypes` matches by UTI only (its extensions and MIME types are ignored, as on
    /// Apple's platforms): the file's own UTI, or one it conforms to. Other entries match by
    /// extension, MIME type, a MIME supertype, or `*` (any file). Among matches the most specific
    /// claim wins (``DocumentMatch/distance``), then the highest `LSHandlerRank`, then the
    /// strongest kind of match, then the bundle id in alphabetical order. Rank `None` never matches.
    ///
    /// - Parameters:
    ///   - document: What is known of the file.
    ///   - apps: The installed apps.
    ///   - types: The uniform types known; by default the system's and those `apps` declare.
    ///   - excluding: Bundle ids that never match (the built-in Files app).
    public static func best(for document: DocumentKind, apps: [InstalledApp], types: TypeTree? = nil,
                            excluding: Set<String> = []) -> DocumentMatch? {
        let ancestry = ancestry(of: document, types: types ?? TypeTree(apps: apps))
        var best: DocumentMatch?
        for app in apps where !excluding.contains(app.bundleIdentifier) {
            for type in app.manifest.documentTypes where type.rank != .none {
                guard let candidate = match(type, document, ancestry, app: app) else { continue }
                if let current = best, !isBetter(candidate, than: current) { continue }
                best = candidate
            }
        }
        return best
    }

    /// The file's UTI and every type it conforms to, nearest first. A file of no known type is
    /// still data, one step up (Apple gives it a dynamic type conforming to `public.data`); a
    /// folder's type is `public.folder`, given by the caller.
    public static func ancestry(of document: DocumentKind, types: TypeTree) -> [TypeStep] {
        if let uti = types.identify(document) { return types.ancestry(of: uti) }
        return types.ancestry(of: "public.data").map { TypeStep(identifier: $0.identifier, path: $0.path, depth: $0.depth + 1) }
    }

    /// The most specific way `type` matches the file.
    static func match(_ type: Manifest.DocumentType, _ document: DocumentKind, _ ancestry: [TypeStep], app: InstalledApp) -> DocumentMatch? {
        func found(_ kind: DocumentMatchKind, _ declared: String, _ distance: Int, _ path: [String] = []) -> DocumentMatch {
            DocumentMatch(app: app, kind: kind, rank: type.rank, declared: declared, distance: distance, typePath: path)
        }
        if !type.contentTypes.isEmpty {
            let claimed = Set(type.contentTypes.map { $0.lowercased() })
            guard let step = ancestry.first(where: { claimed.contains($0.identifier) }) else { return nil }
            return found(step.depth == 0 ? .uti : .conformance, step.identifier, step.depth, step.path)
        }
        if let ext = document.fileExtension, type.extensions.contains(ext) { return found(.fileExtension, ext, 0) }
        if let mime = document.mimeType, type.mimeTypes.contains(mime) { return found(.mimeType, mime, 0) }
        if let parent = type.mimeTypes.first(where: document.isSubtype(of:)) { return found(.mimeSupertype, parent, 1) }
        if type.extensions.contains("*") { return found(.anyFile, "*", DocumentMatch.anyFileDistance) }
        return nil
    }

    static func isBetter(_ a: DocumentMatch, than b: DocumentMatch) -> Bool {
        if a.distance != b.distance { return a.distance < b.distance }
        if a.rank != b.rank { return a.rank > b.rank }
        if a.kind != b.kind { return a.kind > b.kind }
        return a.app.bundleIdentifier < b.app.bundleIdentifier
    }
}
