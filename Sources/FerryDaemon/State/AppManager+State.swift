import FerryCore
import FoundationEssentials
import Logging

#if canImport(Glibc)
import Glibc
#endif

extension AppManager {
    /// The interface idiom recorded in every archive: Ferry's apps run on desktops.
    static let interfaceIdiom = "desktop"

    /// After `didEnterBackground`, with the app's exchange still held: asks an app that speaks
    /// the state frames for its restorable state and stores it; an app that saves nothing
    /// leaves no archive behind.
    func preserveState(_ app: String) async {
        guard controllers[app]?.preservation.speaksRestoration == true, let pid = controllers[app]?.pid else { return }
        let started = clock.now
        let saved: Bool
        do {
            let message = AppEvent.Event(id: 0, event: "encodeRestorableState")
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
        store(app, saved: saved, upload, milliseconds: (clock.now - started).milliseconds)
    }

    private func store(_ app: String, saved: Bool, _ upload: Preservation, milliseconds: Int64) {
        let store = configuration.stateStore
        guard saved else {
            if store.discard(app) { logger.info("the app saved no state; its old archive was discarded", metadata: ["app": "\(app)"]) }
            return
        }
        guard !upload.overflowed, var info = upload.info, info.size == upload.bytes.count else {
            logger.warning("state of \(app) refused: more than \(WireFrame.maximumArchiveSize) bytes, bad base64, or a size that does not match")
            store.discard(app)
            return
        }
        info.bundleVersion = registryService.app(app)?.manifest.version
        info.interfaceIdiom = Self.interfaceIdiom
        info.savedAt = Self.now
        do {
            try store.save(upload.bytes, info: info, for: app)
            logger.info("state saved", metadata: ["app": "\(app)", "bytes": "\(upload.bytes.count)", "ms": "\(milliseconds)"])
        } catch {
            logger.warning("\(error.message)")
        }
    }

    /// A `state-data` chunk, or a `reply` with `archive`, from the app of `token`.
    func receiveState(token: String, _ message: AppReply) {
        guard let app = controllers.app(token: token), controllers[app]?.preservation.receive(message) == true else {
            logger.notice("unexpected state frame", metadata: ["id": "\(message.id)"])
            return
        }
    }

    /// Before spawn: takes the app's saved state off the disk and makes the empty memory file
    /// (memfd, never on disk) that the process inherits as descriptor 4 (`FERRY_STATE_FD`).
    ///
    /// Whatever happens to this launch — it completes, restoration fails, or the app crashes
    /// while restoring — the archive is not offered again.
    func takeState(_ app: String) -> TakenState? {
        guard let file = configuration.stateStore.take(app) else { return nil }
        guard let memory = StateMemoryFile.make() else {
            logger.warning("saved state of \(app) dropped: no memory file (\(String(cString: strerror(errno)))); launching without it")
            close(file)
            return nil
        }
        return TakenState(file: file, memory: memory)
    }

    /// After spawn: decrypts the taken archive into its memory file on another thread, while
    /// the process starts and ferryd goes on; `willFinishLaunching` waits for it.
    func prepareState(_ taken: TakenState, _ installed: InstalledApp) {
        let store = configuration.stateStore, logger = logger
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

    /// `ferry kill`: the user force-quit the app, so its saved state goes too.
    func discardStateAfterForceQuit(_ app: String) {
        if configuration.stateStore.discard(app) {
            logger.info("saved state discarded after a force-quit", metadata: ["app": "\(app)"])
        }
    }

    /// `ferry state APP [--discard]`: what is saved for the app, or remove it.
    func stateRequest(_ app: String, discard: Bool) throws(DaemonError) -> StateReport {
        let store = configuration.stateStore
        do throws(StateError) {
            _ = try store.path(for: app)
            if discard {
                let had = store.discard(app)
                if had { logger.info("saved state discarded by the user", metadata: ["app": "\(app)"]) }
                return had ? .discarded : .none
            }
            guard let (info, _) = try store.load(app) else { return .none }
            return .saved(info)
        } catch where error.code == .damaged {
            return .damaged("the saved state of \(app) is damaged (\(error.message)); it will be discarded at its next launch")
        } catch {
            throw DaemonError(error.code == .invalidApp ? .invalidApp : .stateFailed, error.message)
        }
    }
}

/// A saved state taken for one launch: the archive file, already renamed away, and the memory
/// file the process inherits. Both are closed once the memory file is filled.
struct TakenState: Sendable {
    var file: Int32
    var memory: Int32

    /// Decrypts the archive into the memory file. A damaged archive, or one saved by a newer
    /// version than the installed one, is dropped with one log line; the app then launches
    /// without it (its memory file stays empty).
    /// - Returns: What is known about the state handed over; nil when none was.
    func fill(_ app: String, installedVersion: String?, store: StateStore, logger: Logger) -> ArchiveInfo? {
        let started = ContinuousClock.now
        let loaded: (info: ArchiveInfo, archive: Data)?
        do {
            loaded = try store.load(app, from: file)
        } catch {
            logger.warning("saved state of \(app) discarded: \(error.message); launching without it")
            return nil
        }
        guard let (info, archive) = loaded else { return nil }
        if let saved = info.bundleVersion, let installed = installedVersion, BundleVersion.isNewer(saved, than: installed) {
            logger.warning("saved state of \(app) refused: written by version \(saved), newer than the installed \(installed); launching without it")
            return nil
        }
        guard StateMemoryFile.fill(memory, with: archive) else {
            logger.warning("saved state of \(app) dropped: cannot fill its memory file (\(String(cString: strerror(errno)))); launching without it")
            return nil
        }
        logger.info("state handed over", metadata: [
            "app": "\(app)", "bytes": "\(archive.count)", "us": "\((ContinuousClock.now - started).microseconds)",
        ])
        return info
    }

    func close() {
        _ = Glibc.close(file)
        _ = Glibc.close(memory)
    }
}
