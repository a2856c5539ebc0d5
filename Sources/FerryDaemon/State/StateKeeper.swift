import FerryCore
import FoundationEssentials
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// The apps' saved states on disk, apart from any process: what a launch takes, what a save in
/// the background stores, what `ferry state` shows or removes. The app manager does the talking
/// to the apps (State/AppManager+State.swift) and hands this the results.
struct StateKeeper: Sendable {
    /// The interface idiom recorded in every archive: Ferry's apps run on desktops.
    static let interfaceIdiom = "desktop"

    let store: StateStore
    let logger: Logger

    /// Stores what the app uploaded after `didEnterBackground`, or discards its old archive when
    /// it saved nothing; a refused upload discards it too.
    /// - Parameter version: The installed app's version, recorded with the state.
    func keep(_ app: String, saved: Bool, _ upload: Preservation, version: String?, milliseconds: Int64) {
        guard saved else {
            if store.discard(app) { logger.info("the app saved no state; its old archive was discarded", metadata: ["app": "\(app)"]) }
            return
        }
        guard !upload.overflowed, var info = upload.info, info.size == upload.bytes.count else {
            logger.warning("state of \(app) refused: more than \(AppReply.maximumArchiveSize) bytes, bad base64, or a size that does not match")
            store.discard(app)
            return
        }
        info.bundleVersion = version
        info.interfaceIdiom = Self.interfaceIdiom
        info.savedAt = Date().timeIntervalSince1970
        do {
            try store.save(upload.bytes, info: info, for: app)
            logger.info("state saved", metadata: ["app": "\(app)", "bytes": "\(upload.bytes.count)", "ms": "\(milliseconds)"])
        } catch {
            logger.warning("\(error.message)")
        }
    }

    /// Before spawn: takes the app's saved state off the disk and makes the empty memory file
    /// (memfd, never on disk) that the process inherits as descriptor 4 (`FERRY_STATE_FD`).
    ///
    /// Whatever happens to this launch — it completes, restoration fails, or the app crashes
    /// while restoring — the archive is not offered again.
    func take(_ app: String) -> TakenState? {
        guard let file = store.take(app) else { return nil }
        guard let memory = StateMemoryFile.make() else {
            logger.warning("saved state of \(app) dropped: no memory file (\(String(cString: strerror(errno)))); launching without it")
            close(file)
            return nil
        }
        return TakenState(file: file, memory: memory)
    }

    /// `ferry kill`: the user force-quit the app, so its saved state goes too.
    func discardAfterForceQuit(_ app: String) {
        if store.discard(app) {
            logger.info("saved state discarded after a force-quit", metadata: ["app": "\(app)"])
        }
    }

    /// `ferry state APP [--discard]`: what is saved for the app, or remove it.
    func report(_ app: String, discard: Bool) throws(DaemonError) -> StateReport {
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
