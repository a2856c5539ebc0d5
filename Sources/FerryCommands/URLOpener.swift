import ArgumentParser
import FerryCore

/// Opens URLs one at a time for `ferry open`, reporting each outcome and remembering the first failure.
struct URLOpener {
    struct Options {
        var forcedApp: String?
        var source: String?
        var wait: Bool
        var json: Bool
        var quiet: Bool
    }

    let context: Context
    let registry: Registry
    let options: Options
    private(set) var firstFailure: ExitCode?
    private var defaults: HandlerDefaults?

    init(context: Context, registry: Registry, options: Options) {
        self.context = context
        self.registry = registry
        self.options = options
    }

    /// Fails early when `--app` or `--source` names an app that is not installed.
    mutating func checkNamedApps(app: String?, source: String?) throws {
        for identifier in [app, source].compactMap({ $0 }) where registry.app(identifier) == nil {
            throw CommandFailure(message: "no app \(identifier) is installed; see ferry apps", exit: FerryExit.unknownApp)
        }
        do {
            defaults = try context.defaults()
        } catch let failure as CommandFailure {
            printError("ferry: warning: \(failure.message)")
            defaults = HandlerDefaults()
        }
    }

    /// Opens one URL; an empty line (from stdin) is skipped.
    mutating func open(_ text: String) {
        guard !text.isEmpty else { return }
        switch attempt(text) {
        case .success(let outcome):
            report(OpenReport(url: text, outcome: outcome))
            if case .exited(let termination, _) = outcome, termination.shellStatus != 0 {
                fail(ExitCode(termination.shellStatus))
            }
        case .failure(let failure):
            report(OpenReport(url: text, failure: failure))
            fail(failure.exit)
        }
    }

    private mutating func fail(_ code: ExitCode) {
        if firstFailure == nil { firstFailure = code }
    }

    private func attempt(_ text: String) -> Result<OpenReport.Outcome, CommandFailure> {
        do {
            let url = try FerryURL(text)
            let app = try handler(for: url)
            guard app.manifest.kind == .command else {
                throw CommandFailure(message: "\(app.bundleIdentifier) is a managed app and needs ferryd, which is not available",
                                     exit: FerryExit.unavailable)
            }
            let command = try LaunchCommand(app: app, url: url.string, sourceApplication: options.source,
                                            paths: context.paths, environment: context.environment)
            let pid = try Launcher.spawn(command, bundleIdentifier: app.bundleIdentifier)
            return .success(options.wait ? .exited(Launcher.wait(for: pid), app.bundleIdentifier)
                                         : .started(pid, app.bundleIdentifier))
        } catch let error as URLSyntaxError {
            return .failure(CommandFailure(message: error.description, exit: FerryExit.invalidURL))
        } catch let error as LaunchError {
            return .failure(CommandFailure(message: error.description, exit: FerryExit.launchFailed))
        } catch {
            return .failure(error as? CommandFailure ?? CommandFailure(message: "\(error)", exit: FerryExit.launchFailed))
        }
    }

    private func handler(for url: FerryURL) throws -> InstalledApp {
        if let forced = options.forcedApp, let app = registry.app(forced) { return app }
        let resolution = registry.resolve(scheme: url.scheme, defaults: defaults ?? HandlerDefaults())
        guard let app = resolution.handler else {
            throw CommandFailure(message: noHandlerMessage(url.scheme), exit: FerryExit.noHandler)
        }
        return app
    }

    private func noHandlerMessage(_ scheme: String) -> String {
        var message = "no app handles \(scheme): URLs; install one with ferry install, or see ferry schemes"
        if !registry.diagnostics.isEmpty {
            message += " (\(registry.diagnostics.count) manifest(s) could not be read: run ferry doctor)"
        }
        return message
    }

    private func report(_ report: OpenReport) {
        if options.json {
            print(report.json)
        } else if let failure = report.failure {
            printError("ferry: \(failure.message)")
        } else if !options.quiet {
            print(report.line)
        }
    }
}
