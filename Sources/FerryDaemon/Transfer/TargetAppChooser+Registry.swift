import FerryCore
import FerryTransfer

/// The choice of the app a received file goes to: the one the sender named if it is installed,
/// else the best `CFBundleDocumentTypes` match (``DocumentMatcher``), else the built-in Files app.
extension TargetAppChooser {
    /// The built-in Files app, whose Inbox holds what no app claims.
    static let filesApp = Registry.filesApp

    /// The chosen app's bundle id and whether it was matched (false for the Files fallback).
    ///
    /// The match is ``DocumentMatcher/best(for:apps:types:excluding:)``'s: the most specific claim
    /// (the file's UTI, extension or MIME type, then the types its UTI conforms to), then the
    /// highest `LSHandlerRank`, then the kind of match, then the bundle id. Rank `None` never matches.
    static func choose(for file: OfferedFile, preferred: String?, apps: [InstalledApp],
                       types: TypeTree? = nil) -> (app: String, matched: Bool) {
        if let preferred, preferred != filesApp, apps.contains(where: { $0.bundleIdentifier == preferred }) {
            return (preferred, true)
        }
        let match = DocumentMatcher.best(for: kind(of: file), apps: apps, types: types, excluding: [filesApp])
        return match.map { ($0.app.bundleIdentifier, true) } ?? (filesApp, false)
    }

    /// An offer's types as the sender declared them; no MIME database is consulted (exact types).
    static func kind(of file: OfferedFile) -> DocumentKind {
        DocumentKind(uti: file.uti, fileExtension: FileTypes.fileExtension(file.path), mimeType: file.mime)
    }
}
