/// Which app opens a local file (`ferry open PATH`), and by which rule.
public struct DocumentResolution: Sendable, Equatable {
    /// Why the handler was chosen.
    public enum Rule: Sendable, Equatable {
        /// `ferry default MIME ID`, for the file's type or the given supertype of it.
        case userDefault(mimeType: String)
        /// The app's `CFBundleDocumentTypes` entry.
        case documentType(DocumentMatchKind, declared: String)
    }

    /// The app that opens the file, or nil when none does.
    public var handler: InstalledApp?
    /// Why it was chosen.
    public var rule: Rule?
    /// A choice of the user's that could not be used (its app is not installed), as a sentence.
    public var unusableDefault: String?
    /// The UTI chain used: from the file's own type to the claimed one for a match by UTI, else
    /// every type the file conforms to, nearest first; empty when no UTI is known.
    public var typeChain: [String] = []
}

extension Registry {
    /// The app that opens a file of `document`'s kind: the user's choice for its MIME type (or a
    /// supertype), else the best `CFBundleDocumentTypes` match. The built-in Files app never matches.
    ///
    /// - Parameters:
    ///   - document: What is known of the file.
    ///   - defaults: The user's choices.
    public func resolve(document: DocumentKind, defaults: HandlerDefaults) -> DocumentResolution {
        var resolution = DocumentResolution()
        let types = types
        let ancestry = DocumentMatcher.ancestry(of: document, types: types)
        resolution.typeChain = ancestry.map(\.identifier)
        if let mimeType = document.mimeType,
           let (chosenFor, identifier) = defaults.documentHandler(for: mimeType, isA: document.isA ?? { $0 == $1 }) {
            if let app = app(identifier) {
                resolution.handler = app
                resolution.rule = .userDefault(mimeType: chosenFor)
                return resolution
            }
            resolution.unusableDefault = "\(identifier), chosen for \(chosenFor), is not installed"
        }
        if let match = DocumentMatcher.best(for: document, apps: apps, types: types, excluding: [Self.filesApp]) {
            resolution.handler = match.app
            resolution.rule = .documentType(match.kind, declared: match.declared)
            if !match.typePath.isEmpty { resolution.typeChain = match.typePath }
        }
        return resolution
    }

    /// The built-in Files app, whose Inbox holds what no app claims.
    public static let filesApp = "org.ferry.system.files"
}
