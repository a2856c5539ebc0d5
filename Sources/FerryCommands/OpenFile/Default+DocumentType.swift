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
        if output.json { print(JSONOutput.document(DocumentChoice(mimeType: mimeType, chosen: bundleIdentifier))) }
    }

    /// The app must be installed and open files at all (a URL-only app would get a file:// URL it
    /// never asked for); it need not declare this type, as with handlr.
    private func checkOpensFiles(_ identifier: String, registry: Registry) throws {
        guard let app = registry.app(identifier) else {
            throw CommandFailure(message: "no app \(identifier) is installed; see ferry apps", exit: FerryExit.unknownApp)
        }
        guard app.manifest.documentTypes.contains(where: { $0.rank != .none }) else {
            throw CommandFailure(message: "\(identifier) declares no CFBundleDocumentTypes (above LSHandlerRank None); it does not open files",
                                 exit: FerryExit.usage)
        }
    }
}
