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

        @Option(name: .customLong("set"), help: ArgumentHelp(
            "Expand an Xcode build setting the manifest names unexpanded, as $(NAME) or ${NAME} (repeatable).",
            valueName: "NAME=VALUE"))
        var settings: [String] = []

        @Argument(help: ArgumentHelp("The app to install.", valueName: "path"), completion: .file())
        var path: String

        @OptionGroup var output: OutputOptions

        struct Result: Encodable {
            var installed: String
            var path: String
        }

        func validate() throws {
            _ = try buildSettings()
        }

        /// `--set NAME=VALUE` as a dictionary.
        func buildSettings() throws -> [String: String] {
            var values: [String: String] = [:]
            for setting in settings {
                guard let equals = setting.firstIndex(of: "="), BuildSetting.names(in: "$(\(setting[..<equals]))") == [String(setting[..<equals])] else {
                    throw ValidationError("--set \(setting): give NAME=VALUE, NAME being a build setting such as PRODUCT_BUNDLE_IDENTIFIER")
                }
                values[String(setting[..<equals])] = String(setting[setting.index(after: equals)...])
            }
            return values
        }

        func run() throws {
            let context = Context()
            let source = path.hasSuffix("/") ? String(path.dropLast()) : path
            let installer = AppInstaller(userApps: context.paths.userApps, registry: context.registry(),
                                         paths: context.paths, environment: context.environment)
            let installed = try installer.install(source, force: force, settings: try buildSettings())
            output.emit(Result(installed: installed.bundleIdentifier, path: installed.bundlePath)) {
                "installed \(installed.bundleIdentifier) at \(installed.bundlePath)"
            }
            DesktopDatabase.syncIfIntegrated(context, output: output)
        }
    }
}
