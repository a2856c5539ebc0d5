import ArgumentParser
import FerryCore

extension Ferry.Default {
    /// `ferry default text/plain [ID]`: the choice is stored beside the schemes', under the MIME type.
    struct DocumentChoice: Encodable {
        var mimeType: String
        var chosen: String?
    }

    func runForDocumentType(_ context: Context, _ registry: Registry) throws {
        let mimeType = scheme.lowercased()
        guard clear || bundleIdentifier != nil else {
            let chosen = context.defaultsOrWarn().handler(for: mimeType)
            output.emit(DocumentChoice(mimeType: mimeType, chosen: chosen)) {
                "\(mimeType): \(chosen.map { "\($0) (user default)" } ?? "no default (CFBundleDocumentTypes decide)")"
            }
            return
        }
        var defaults = try context.defaults()
        if let bundleIdentifier { try checkOpensFiles(bundleIdentifier, registry: registry) }
        defaults.set(bundleIdentifier, for: mimeType)
        do { try defaults.save(to: context.paths.defaultsFile) } catch {
            throw CommandFailure(message: error.description, exit: FerryExit.cannotWrite)
        }
        output.detail("wrote \(context.paths.defaultsFile)")
        output.emit(DocumentChoice(mimeType: mimeType, chosen: bundleIdentifier)) {
            "\(mimeType): \(bundleIdentifier.map { "\($0) (user default)" } ?? "no default (CFBundleDocumentTypes decide)")"
        }
    }

    /// The app must be installed and declare the type, as a scheme's chosen app must declare the
    /// scheme: by the MIME type or a supertype of it, by a UTI the type names or conforms to, or
    /// `*` (a URL-only app would get a file:// URL it never asked for).
    private func checkOpensFiles(_ identifier: String, registry: Registry) throws {
        guard let app = registry.app(identifier) else {
            throw CommandFailure(message: "no app \(identifier) is installed; see ferry apps", exit: FerryExit.unknownApp)
        }
        guard app.manifest.documentTypes.contains(where: { $0.rank != .none }) else {
            throw CommandFailure(message: "\(identifier) declares no CFBundleDocumentTypes (above LSHandlerRank None); it does not open files",
                                 exit: FerryExit.usage)
        }
        let mimeType = scheme.lowercased()
        let types = registry.types
        let kind = DocumentKind(uti: types.type(forMIMEType: mimeType), fileExtension: nil, mimeType: mimeType, isA: SharedMimeInfo.isA)
        guard DocumentMatcher.best(for: kind, apps: [app], types: types) != nil else {
            throw CommandFailure(message: "\(identifier) does not declare \(mimeType) (nor a type it belongs to) in CFBundleDocumentTypes; it cannot open those files",
                                 exit: FerryExit.usage)
        }
    }
}
