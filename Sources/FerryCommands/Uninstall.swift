import ArgumentParser
import FerryCore

extension Ferry {
    struct Uninstall: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove an app from the user's apps folder.")

        @Argument(help: ArgumentHelp("The app to remove.", valueName: "bundle-id"), completion: Completions.bundleIdentifiers)
        var bundleIdentifier: String

        @OptionGroup var output: OutputOptions

        struct Result: Encodable {
            var removed: String
            var path: String
        }

        func run() throws {
            let context = Context()
            let registry = context.registry()
            guard let app = registry.app(bundleIdentifier) else {
                throw CommandFailure(message: "no app \(bundleIdentifier) is installed; see ferry apps", exit: FerryExit.unknownApp)
            }
            guard !app.isSystem else {
                throw CommandFailure(message: "\(bundleIdentifier) is built into Ferry (it handles \(app.manifest.urlTypes.flatMap(\.schemes).joined(separator: ", "))) and cannot be uninstalled; nothing was removed",
                                     exit: FerryExit.usage)
            }
            guard app.folder.path == context.paths.userApps else {
                throw CommandFailure(message: "\(bundleIdentifier) is installed in \(app.folder.path), not in your apps folder; remove \(app.bundlePath) there", exit: FerryExit.cannotWrite)
            }
            try AppInstaller.remove(app.bundlePath)
            // The vendor's last app gone: its next app gets a new identifierForVendor (ferryd may not run).
            _ = try? VendorIdentifiers(paths: context.paths).forget(VendorIdentifiers.vendor(of: app.manifest), unlessAnyOf: context.registry().installedManifests)
            output.emit(Result(removed: bundleIdentifier, path: app.bundlePath)) {
                "removed \(bundleIdentifier) (\(app.bundlePath))"
            }
            DesktopDatabase.syncIfIntegrated(context, output: output)
        }
    }
}
