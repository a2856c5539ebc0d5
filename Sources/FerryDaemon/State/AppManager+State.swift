import FerryCore

extension AppManager {
    /// After `didEnterBackground`, with the app's exchange still held: asks an app that speaks
    /// the state frames for its restorable state and stores it; an app that saves nothing
    /// leaves no archive behind.
    func preserveState(_ app: String) async {
        guard controllers[app]?.preservation.speaksRestoration == true, let pid = controllers[app]?.pid else { return }
        let started = clock.now
        let saved: Bool
        do {
            let message = AppEvent.Event(event: "encodeRestorableState")
            saved = try await send(app, message, deadline: clock.now + configuration.eventTimeout,
                                   reason: "did not answer encodeRestorableState within \(configuration.eventTimeout)") { id in
                self.controllers[app]?.preservation.expect(id)
            }
        } catch {
            logger.notice("state not saved", metadata: ["app": "\(app)", "error": "\(error)"])
            return
        }
        // A process that died meanwhile (a force-quit) leaves nothing behind.
        guard let upload = controllers[app]?.preservation, controllers[app]?.pid == pid else { return }
        controllers[app]?.preservation.expect(-1)
        states.keep(app, saved: saved, upload, version: registryService.app(app)?.manifest.version,
                    milliseconds: (clock.now - started).milliseconds)
    }

    /// A `state-data` chunk, or a `reply` with `archive`, from the app of `token`.
    func receiveState(token: String, _ message: Envelope<AppReply>) {
        guard let app = controllers.app(token: token), controllers[app]?.preservation.receive(message) == true else {
            logger.notice("unexpected state frame", metadata: ["id": "\(message.id)"])
            return
        }
    }

    /// After spawn: decrypts the taken archive into its memory file on another thread, while
    /// the process starts and ferryd goes on; `willFinishLaunching` waits for it.
    func prepareState(_ taken: TakenState, _ installed: InstalledApp) {
        let store = states.store, logger = logger
        let app = installed.bundleIdentifier, version = installed.manifest.version
        controllers[app]?.preservation.preparing = Task.detached {
            defer { taken.close() }
            return taken.fill(app, installedVersion: version, store: store, logger: logger)
        }
    }

    /// Before `willFinishLaunching` goes out: tells an app that speaks the state frames that its
    /// saved state waits at `FERRY_STATE_FD` (the event's `archive`).
    func handOverState(_ app: String) async -> ArchiveInfo? {
        guard let preparing = controllers[app]?.preservation.preparing else { return nil }
        controllers[app]?.preservation.preparing = nil
        guard let info = await preparing.value else { return nil }
        guard controllers[app]?.preservation.speaksRestoration == true else {
            logger.info("saved state dropped: the app did not ask for it", metadata: ["app": "\(app)"])
            return nil
        }
        return info
    }

    /// `ferry state APP [--discard]`: what is saved for the app, or remove it.
    func stateRequest(_ app: String, discard: Bool) throws(DaemonError) -> StateReport {
        try states.report(app, discard: discard)
    }
}
