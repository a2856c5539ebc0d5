import ArgumentParser
import FerryCore

extension Ferry {
    struct Install: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check an app, then install it into the user's apps folder.",
            discussion: "PATH is a NAME.app folder or a standalone NAME.plist. Nothing is installed unless the manifest is valid and its program can be found."
        )

        @Flag(help: "Replace an installed app with the same name or bundle id.")
        var force = false

        @Argument(help: ArgumentHelp("The app to install.", valueName: "path"), completion: .file())
        var path: String

        @OptionGroup var output: OutputOptions

        struct Result: Encodable {
            var installed: String
            var path: String
        }

        func run() throws {
            let context = Context()
            let source = path.hasSuffix("/") ? String(path.dropLast()) : path
            let installer = AppInstaller(userApps: context.paths.userApps, registry: context.registry(),
                                         paths: context.paths, environment: context.environment)
            let installed = try installer.install(source, force: force)
            output.emit(Result(installed: installed.bundleIdentifier, path: installed.bundlePath)) {
                "installed \(installed.bundleIdentifier) at \(installed.bundlePath)"
            }
            DesktopDatabase.syncIfIntegrated(context, output: output)
        }
    }
}
