import ArgumentParser
import FerryCore

extension Ferry {
    struct Default: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show or choose the app that handles a scheme or opens a type of file.",
            discussion: """
                The choice is kept in $XDG_CONFIG_HOME/ferry/defaults.json and beats LSHandlerRank; reserved schemes \
                cannot be reassigned. Instead of a scheme, a MIME type (text/plain) chooses the app ferry open PATH \
                gives files of that type and of its subtypes (text/x-python), unless a subtype has a choice of its own.
                """
        )

        @Flag(help: "Forget the choice for the scheme or MIME type.")
        var clear = false

        @Argument(help: "The scheme, such as todolist, or a MIME type, such as text/plain.", completion: Completions.handlerKeys)
        var scheme: String

        @Argument(help: ArgumentHelp("The app to choose.", valueName: "bundle-id"), completion: Completions.bundleIdentifiers)
        var bundleIdentifier: String?

        @OptionGroup var output: OutputOptions

        /// With --json, setting or clearing prints the choice now in force.
        struct Choice: Encodable {
            var scheme: String
            var chosen: String?
        }

        func validate() throws {
            guard URLScheme.isValid(scheme) || HandlerDefaults.isMIMEType(scheme) else { throw ValidationError("\"\(scheme)\" is not a valid scheme \(URLScheme.rule), nor a MIME type such as text/plain") }
            if clear && bundleIdentifier != nil { throw ValidationError("Give a bundle id or --clear, not both.") }
        }

        func run() throws {
            let context = Context()
            let registry = context.registry()
            if HandlerDefaults.isMIMEType(scheme) { return try runForDocumentType(context, registry) }
            guard clear || bundleIdentifier != nil else {
                let defaults = context.defaultsOrWarn()
                let resolution = registry.resolve(scheme: scheme, defaults: defaults)
                // The same object as the scheme's row in ferry schemes --json.
                output.emit(Schemes.Entry(resolution)) { "\(resolution.scheme): \(resolution.handler?.bundleIdentifier ?? "no handler") (\(resolution.rule?.rawValue ?? "unclaimed"))" }
                return
            }
            // Changing the choices rewrites the file: a damaged one is refused (78), never replaced.
            var defaults = try context.defaults()
            if let bundleIdentifier { try check(bundleIdentifier, registry: registry) }
            defaults.set(bundleIdentifier, for: scheme)
            do { try defaults.save(to: context.paths.defaultsFile) } catch {
                throw CommandFailure(message: error.description, exit: FerryExit.cannotWrite)
            }
            output.detail("wrote \(context.paths.defaultsFile)")
            if output.json {
                print(JSONOutput.document(Choice(scheme: scheme.lowercased(), chosen: bundleIdentifier)))
            }
        }

        private func check(_ identifier: String, registry: Registry) throws {
            let scheme = scheme.lowercased()
            if registry.reservedSchemes.contains(scheme) {
                throw CommandFailure(message: "\(scheme): is reserved for the system handler and cannot be reassigned", exit: FerryExit.usage)
            }
            guard let app = registry.app(identifier) else {
                throw CommandFailure(message: "no app \(identifier) is installed; see ferry apps", exit: FerryExit.unknownApp)
            }
            let ranks = app.manifest.urlTypes.filter { $0.schemes.contains(scheme) }.map(\.rank)
            guard let rank = ranks.max(), rank != .none else {
                let why = ranks.isEmpty ? "does not declare" : "declares with LSHandlerRank None"
                throw CommandFailure(message: "\(identifier) \(why) \(scheme): in CFBundleURLTypes; it cannot handle it", exit: FerryExit.usage)
            }
        }
    }
}
