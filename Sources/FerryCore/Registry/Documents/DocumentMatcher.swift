/// Picks the app whose `CFBundleDocumentTypes` fit a file best: for a received file (ferryd) and
/// for `ferry open PATH`, one rule for both.
public enum DocumentMatcher {
    /// The best match among `apps`, or nil when none declares the file's type.
    ///
    /// An entry matches by UTI (strongest), then extension, then MIME type, then a MIME type the
    /// file's type is a subtype of; among matches the highest `LSHandlerRank` wins, then the
    /// strongest kind of match, then the bundle id in alphabetical order. Rank `None` never matches.
    ///
    /// - Parameters:
    ///   - document: What is known of the file.
    ///   - apps: The installed apps.
    ///   - excluding: Bundle ids that never match (the built-in Files app).
    public static func best(for document: DocumentKind, apps: [InstalledApp], excluding: Set<String> = []) -> DocumentMatch? {
        var best: DocumentMatch?
        for app in apps where !excluding.contains(app.bundleIdentifier) {
            for type in app.manifest.documentTypes where type.rank != .none {
                guard let (kind, declared) = match(type, document) else { continue }
                let candidate = DocumentMatch(app: app, kind: kind, rank: type.rank, declared: declared)
                if let current = best, !isBetter(candidate, than: current) { continue }
                best = candidate
            }
        }
        return best
    }

    /// The strongest way `type` matches the file, and the declared value that matched.
    static func match(_ type: Manifest.DocumentType, _ document: DocumentKind) -> (DocumentMatchKind, String)? {
        if let uti = document.uti, type.contentTypes.contains(uti) { return (.uti, uti) }
        if let ext = document.fileExtension, type.extensions.contains(ext) { return (.fileExtension, ext) }
        if let mime = document.mimeType, type.mimeTypes.contains(mime) { return (.mimeType, mime) }
        if let parent = type.mimeTypes.first(where: document.isSubtype(of:)) { return (.mimeSupertype, parent) }
        return nil
    }

    static func isBetter(_ a: DocumentMatch, than b: DocumentMatch) -> Bool {
        if a.rank != b.rank { return a.rank > b.rank }
        if a.kind != b.kind { return a.kind > b.kind }
        return a.app.bundleIdentifier < b.app.bundleIdentifier
    }
}
