import FerryCore

extension AppManager {
    /// The installed apps, for choosing where a received file goes.
    var installedApps: [InstalledApp] { registryService.registry.apps }
    /// The installed apps and their declared types, for placing received files.
    var installedAppsAndTypes: (apps: [InstalledApp], types: TypeTree) { registryService.appsAndTypes }

    /// Opens `url` in `app` (or the handler of its scheme) through the same typed call as
    /// `ferry open`: a managed app is launched or brought forward through its queue; a command
    /// app is started here, since no terminal waits for it.
    ///
    /// - Returns: Whether the app took the URL.
    func openForTransfer(_ url: String, app: String?, source: String) async -> Bool {
        let reply = await open(OpenRequest(id: 0, url: url, app: app, source: source))
        switch reply {
        case .opened(let result) where result.outcome == .command:
            guard let installed = registryService.app(result.app) else { return false }
            return startCommand(installed, url: url, source: source)
        case .failed(_, _, let error):
            logger.notice("transfer open failed", metadata: ["url": "\(url)", "error": "\(error)"])
            return false
        case .opened:
            return reply.succeeded
        }
    }

    private func startCommand(_ installed: InstalledApp, url: String, source: String) -> Bool {
        do {
            let launch = try LaunchCommand(app: installed, url: url, sourceApplication: source,
                                           paths: configuration.paths, environment: configuration.environment)
            _ = try supervisor.startCommand(launch, app: installed.bundleIdentifier)
            return true
        } catch {
            logger.notice("transfer open failed", metadata: ["app": "\(installed.bundleIdentifier)", "error": "\(error)"])
            return false
        }
    }
}
