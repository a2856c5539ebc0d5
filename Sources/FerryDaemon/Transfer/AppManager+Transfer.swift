import FerryCore
import Synchronization

extension AppManager {
    /// The installed apps, for choosing where a received file goes.
    var installedApps: [InstalledApp] { registry.apps }

    /// Opens `url` in `app` (or the handler of its scheme) as `ferry open` does: a managed app is
    /// launched or brought forward through its queue; a command app is started here, since no
    /// terminal waits for it.
    ///
    /// - Returns: Whether the app took the URL.
    func openForTransfer(_ url: String, app: String?, source: String) async -> Bool {
        var frame = WireFrame(type: "open", id: 0)
        frame.url = url
        frame.app = app
        frame.source = source
        let request = OpenRequest(frame)
        switch admit(request) {
        case .done(let result):
            guard result.outcome == "command", let bundle = result.app, let installed = registry.app(bundle) else {
                logger.notice("transfer open failed", metadata: ["url": "\(url)", "error": "\(result.message ?? "")"])
                return false
            }
            return startCommand(installed, url: url, source: source)
        case .queued(let ticket, let request):
            let outcome = Mutex<String?>(nil)
            await perform(ticket, request) { result in outcome.withLock { $0 = result.outcome } }
            let final = outcome.withLock { $0 }
            return final != "failed" && final != "declined"
        }
    }

    private func startCommand(_ installed: InstalledApp, url: String, source: String) -> Bool {
        do {
            let launch = try LaunchCommand(app: installed, url: url, sourceApplication: source,
                                           paths: configuration.paths, environment: configuration.environment)
            _ = try Launcher.spawn(launch, bundleIdentifier: installed.bundleIdentifier, output: logFile(installed.bundleIdentifier))
            // Nobody waits for it here: the reaper must, or it stays a zombie while no managed app runs.
            reaper.childStarted()
            return true
        } catch {
            logger.notice("transfer open failed", metadata: ["app": "\(installed.bundleIdentifier)", "error": "\(error)"])
            return false
        }
    }
}
