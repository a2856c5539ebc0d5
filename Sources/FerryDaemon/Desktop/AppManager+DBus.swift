import FerryCore

extension AppManager {
    /// Whether `app` is a `DBusActivatable` desktop app: the desktop, not Ferry's foreground
    /// turn, decides when it comes forward.
    nonisolated func isDBusApp(_ app: String) -> Bool {
        registryService.app(app)?.dbusActivation != nil
    }

    /// Opens a URL in a `DBusActivatable` desktop app, in the app's turn: the session bus starts it
    /// when its name has no owner (`launched`), else the running app gets the URL (`foreground`;
    /// `background` with `-g`, when no activation token is passed and the desktop keeps it behind).
    /// Ferry runs no lifecycle for it: the app is the desktop's, not a managed app.
    func openOverDBus(_ app: InstalledApp, _ target: DBusActivation, _ request: OpenRequest) async throws -> OpenResult {
        let opener = DBusAppOpener(environment: configuration.environment, timeout: configuration.dbusOpenTimeout)
        let data = DBusAppOpener.platformData(token: request.activationToken, background: request.background)
        let opened = try await opener.open(request.url, at: target, app: app.bundleIdentifier, platformData: data)
        let outcome: OpenResult.Outcome = opened.launched ? .launched : request.background ? .background : .foreground
        logger.info("opened over D-Bus", metadata: ["app": "\(app.bundleIdentifier)", "outcome": "\(outcome.rawValue)"])
        return OpenResult(id: request.id, app: app.bundleIdentifier, outcome: outcome, pid: opened.pid,
                          handled: request.wait ? true : nil)
    }
}
