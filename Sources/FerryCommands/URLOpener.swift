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
        var verbose = false
    }

    let context: Context
    let registry: Registry
    let options: Options
    private(set) var firstFailure: ExitCode?
    private(set) var defaults: HandlerDefaults?

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
        defaults = context.defaultsOrWarn()
    }

    /// Opens one URL or file; an empty line (from stdin) is skipped.
    mutating func open(_ target: OpenTarget) {
        guard !target.url.isEmpty else { return }
        let outcome = target.failedOutcome() ?? attempt(target)
        outcome.print(json: options.json, quiet: options.quiet)
        if let code = outcome.exitCode, firstFailure == nil { firstFailure = ExitCode(code) }
    }

    /// The outcome as the daemon path reports it, so both paths print and exit alike.
    private func attempt(_ target: OpenTarget) -> OpenOutcome {
        let text = target.url, forced = target.app
        var outcome = OpenOutcome(failed: target)
        do {
            let url = try FerryURL(text)
            let app = try handler(for: url, forced: forced)
            guard app.manifest.kind == .command else {
                throw CommandFailure(message: "\(app.bundleIdentifier) is a managed app and needs ferryd, which is not available",
                                     exit: FerryExit.unavailable)
            }
            // ferry links no D-Bus: without ferryd a D-Bus desktop app starts by its Exec, as the
            // specification asks of launchers that do not speak D-Bus; with none, it cannot start.
            guard app.dbusActivation == nil || app.manifest.program != nil else {
                throw CommandFailure(message: "\(app.bundleIdentifier) is started over D-Bus and has no Exec line, so it needs ferryd, which is not available",
                                     exit: FerryExit.unavailable)
            }
            outcome.result.app = app.bundleIdentifier
            let command = try LaunchCommand(app: app, url: url.string, sourceApplication: options.source,
                                            paths: context.paths, environment: context.environment)
            if options.verbose { printError("ferry: \(text) → \(app.bundleIdentifier) (\(app.source)): \(command.arguments.joined(separator: " "))") }
            let pid = try Launcher.spawn(command, bundleIdentifier: app.bundleIdentifier)
            outcome.result.outcome = .launched
            outcome.result.pid = pid
            if options.wait { outcome.recordExit(Launcher.wait(for: pid)) }
        } catch let error as URLSyntaxError {
            outcome.fail(error.description, FerryExit.invalidURL)
        } catch let error as LaunchError {
            outcome.fail(error.description, FerryExit.launchFailed)
        } catch let failure as CommandFailure {
            outcome.fail(failure.message, failure.exit)
        } catch {
            outcome.fail("\(error)", FerryExit.launchFailed)
        }
        return outcome
    }

    private func handler(for url: FerryURL, forced: String?) throws -> InstalledApp {
        do {
            return try registry.handler(scheme: url.scheme, forced: forced, defaults: defaults ?? HandlerDefaults())
        } catch {
            let exit = if case .unknownApp = error { FerryExit.unknownApp } else { FerryExit.noHandler }
            throw CommandFailure(message: error.message, exit: exit)
        }
    }
}
