import FerryCore

/// Picks the app a received file goes to: the one the sender named if it is installed, else the
/// best `CFBundleDocumentTypes` match (``DocumentMatcher``), else the built-in Files app.
public enum TargetAppChooser {
    /// The built-in Files app, whose Inbox holds what no app claims.
    public static let filesApp = Registry.filesApp

    /// The chosen app's bundle id and whether it was matched (false for the Files fallback).
    ///
    /// A document type matches by UTI (strongest), then extension, then MIME type; among matches
    /// the highest `LSHandlerRank` wins, then the strongest kind of match, then the bundle id in
    /// alphabetical order. Rank `None` never matches.
    public static func choose(for file: OfferedFile, preferred: String?, apps: [InstalledApp]) -> (app: String, matched: Bool) {
        if let preferred, preferred != filesApp, apps.contains(where: { $0.bundleIdentifier == preferred }) {
            return (preferred, true)
        }
        let match = DocumentMatcher.best(for: kind(of: file), apps: apps, excluding: [filesApp])
        return match.map { ($0.app.bundleIdentifier, true) } ?? (filesApp, false)
    }

    /// What ``choose(for:preferred:apps:)`` looks at in a file: files with equal keys go to the same
    /// app, so an offer of 10,000 files asks for a target once per kind of file.
    public static func key(for file: OfferedFile) -> String {
        (file.uti ?? "") + "\u{0}" + FileTypes.fileExtension(file.path) + "\u{0}" + (file.mime?.lowercased() ?? "")
    }

    /// An offer's types as the sender declared them; no MIME database is consulted (exact types).
    static func kind(of file: OfferedFile) -> DocumentKind {
        DocumentKind(uti: file.uti, fileExtension: FileTypes.fileExtension(file.path), mimeType: file.mime)
    }
}
