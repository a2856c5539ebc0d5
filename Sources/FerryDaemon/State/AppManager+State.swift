import FerryCore
import FoundationEssentials
import NIOCore

extension AppManager {
    /// The interface idiom recorded in every archive: Ferry's apps run on desktops.
    static let interfaceIdiom = "desktop"

    /// After `didEnterBackground`, with the app's exchange still held: asks an app that speaks
    /// the state frames for its restorable state and stores it; an app that saves nothing
    /// leaves no archive behind.
    func preserveState(_ app: String) async {
        guard apps[app]?.preservation.speaksRestoration == true, let channel = apps[app]?.channel,
              let pid = apps[app]?.pid else { return }
        let id = apps[app]!.nextEventID
        apps[app]!.nextEventID += 1
        apps[app]!.preservation.expect(id)
        var frame = WireFrame(type: "event", id: id)
        frame.event = "encodeRestorableState"
        let started = clock.now
        let saved: Bool
        do {
            saved = try await withCheckedThrowingContinuation { continuation in
                apps[app]!.pendingReplies[id] = PendingReply(
                    continuation: continuation, deadline: clock.now + configuration.eventTimeout,
                    reason: "did not answer encodeRestorableState within \(configuration.eventTimeout)")
                channel.writeAndFlush(ByteBuffer(bytes: WireCodec.encode(frame)), promise: nil)
            }
        } catch {
            logger.notice("state not saved", metadata: ["app": "\(app)", "error": "\(error)"])
            return
        }
        // A process that died meanwhile (a force-quit) leaves nothing behind.
        guard let upload = apps[app]?.preservation, apps[app]?.pid == pid else { return }
        apps[app]?.preservation.expect(-1)
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
        info.bundleVersion = registry.app(app)?.manifest.version
        info.interfaceIdiom = Self.interfaceIdiom
        info.savedAt = Self.now
        do {
            try store.save(upload.bytes, info: info, for: app)
            logger.info("state saved", metadata: ["app": "\(app)", "bytes": "\(upload.bytes.count)", "ms": "\(milliseconds)"])
        } catch {
            logger.warning("\(error.message)")
        }
    }

    /// A `state-data` frame, or a `reply` with `archive`, from the app of `token`.
    func receiveState(token: String, _ frame: WireFrame) {
        guard let app = tokens[token], apps[app]?.preservation.receive(frame) == true else {
            logger.notice("unexpected state frame", metadata: ["id": "\(frame.id ?? 0)"])
            return
        }
    }

    /// Right after spawn, while the process starts: reads the app's saved state, decrypts it and
    /// encodes it as the `state-data` lines of the coming `willFinishLaunching`, so the launch
    /// does not wait for that work.
    ///
    /// The archive is taken off the disk here: whatever happens to this launch — it completes,
    /// restoration fails, or the app crashes while restoring — it is not offered again. A damaged
    /// archive, or one saved by a newer version than the installed one, is discarded with one log
    /// line and the app launches without it.
    func prepareState(_ installed: InstalledApp) {
        let app = installed.bundleIdentifier
        apps[app]?.preservation.prepared = nil
        let store = configuration.stateStore
        let started = clock.now
        let loaded: (info: WireFrame.ArchiveInfo, archive: Data)?
        do {
            loaded = try store.load(app)
        } catch {
            store.discard(app)
            logger.warning("saved state of \(app) discarded: \(error.message); launching without it")
            return
        }
        guard let (info, archive) = loaded, let id = apps[app]?.nextEventID else { return }
        store.consume(app)
        if let saved = info.bundleVersion, let installed = installed.manifest.version,
           BundleVersion.isNewer(saved, than: installed) {
            logger.warning("saved state of \(app) refused: written by version \(saved), newer than the installed \(installed); launching without it")
            return
        }
        apps[app]?.preservation.prepared = Preservation.Prepared(id: id, info: info, archive: archive,
                                                                 lines: Self.stateDataLines(archive, id: id))
        logger.info("state prepared", metadata: [
            "app": "\(app)", "bytes": "\(archive.count)", "us": "\((clock.now - started).microseconds)",
        ])
    }

    /// Before `willFinishLaunching` goes out: sends the state prepared at spawn ahead of it and
    /// returns the event with `archive` set. An app that did not opt in gets nothing; its state
    /// is gone all the same.
    func handOverState(_ app: String, _ event: WireFrame) -> WireFrame {
        guard let prepared = apps[app]?.preservation.prepared else { return event }
        apps[app]?.preservation.prepared = nil
        guard apps[app]?.preservation.speaksRestoration == true, let channel = apps[app]?.channel else {
            logger.info("saved state dropped: the app did not ask for it", metadata: ["app": "\(app)"])
            return event
        }
        // Another event may have gone first (a memory warning during the launch): then the lines
        // are written again with the event's id.
        let lines = prepared.id == event.id ? prepared.lines : Self.stateDataLines(prepared.archive, id: event.id ?? 0)
        channel.writeAndFlush(lines, promise: nil)
        var event = event
        event.archive = prepared.info
        return event
    }

    /// The `state-data` lines of `archive` for event `id`, in one buffer.
    private static func stateDataLines(_ archive: Data, id: Int) -> ByteBuffer {
        let length = WireFrame.stateDataLinesLength(archive.count, id: id)
        var lines = ByteBufferAllocator().buffer(capacity: length)
        archive.withUnsafeBytes { source in
            _ = lines.writeWithUnsafeMutableBytes(minimumWritableBytes: length) {
                WireFrame.writeStateDataLines(source, id: id, into: $0)
            }
        }
        return lines
    }

    /// `ferry kill`: the user force-quit the app, so its saved state goes too.
    func discardStateAfterForceQuit(_ app: String) {
        if configuration.stateStore.discard(app) {
            logger.info("saved state discarded after a force-quit", metadata: ["app": "\(app)"])
        }
    }

    /// `ferry state APP [--discard]`: what is saved for the app, or remove it.
    func stateRequest(_ frame: WireFrame) -> WireFrame {
        let id = frame.id ?? 0, app = frame.app ?? ""
        let store = configuration.stateStore
        do throws(StateError) {
            _ = try store.path(for: app)
            if frame.discard == true {
                let had = store.discard(app)
                if had { logger.info("saved state discarded by the user", metadata: ["app": "\(app)"]) }
                return .result(id, outcome: had ? "discarded" : "none", app: app)
            }
            guard let (info, _) = try store.load(app) else { return .result(id, outcome: "none", app: app) }
            var result = WireFrame.result(id, outcome: "saved", app: app)
            result.archive = info
            return result
        } catch where error.code == .damaged {
            var result = WireFrame.result(id, outcome: "damaged", app: app)
            result.message = "the saved state of \(app) is damaged (\(error.message)); it will be discarded at its next launch"
            return result
        } catch {
            return .failure(id, DaemonError(message: error.message, exitCode: error.code == .invalidApp ? 64 : 73), app: app)
        }
    }
}
