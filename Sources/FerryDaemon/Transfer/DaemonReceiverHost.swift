import FerryCore
import FerryTransfer
import FoundationEssentials
import Logging

/// The receiver's view of ferryd: the trust store, the receiving mode, the registry for choosing
/// apps, and the app manager for opening them.
struct DaemonReceiverHost: ReceiverHost {
    let manager: AppManager
    let trust: TrustStore
    let mode: ReceivingState
    let paths: FerryPaths
    let logger: Logger
    /// The desktop notifications of offers and deliveries; nil shows none.
    var notifications: TransferNotifications? = nil

    func trustedPeer(fingerprint: String) async -> TrustedPeer? {
        do { return try trust.load().first { $0.fingerprint == fingerprint } } catch {
            logger.warning("trust store unreadable", metadata: ["error": "\(error)"])
            return nil
        }
    }

    func receivingMode() async -> ReceivingMode { await mode.current }

    func target(for file: OfferedFile, preferredApp: String?) async -> InboxTarget {
        let (apps, types) = await manager.installedAppsAndTypes
        let choice = TargetAppChooser.choose(for: file, preferred: preferredApp, apps: apps, types: types)
        let target = InboxTarget(app: choice.app, container: paths.container(for: choice.app), open: choice.matched)
        // A locked Inbox: held until the next unlock (HeldInbox).
        return manager.protection?.inboxTarget(target, apps: apps, paths: paths) ?? target
    }

    func delivered(_ file: DeliveredFile) async {
        await delivered([file])
    }

    /// The Inbox log written a few hundred records at a time; a log line per file up to 20 files,
    /// else one line for the offer (each file at debug level).
    func delivered(_ files: [DeliveredFile]) async {
        let now = Date().timeIntervalSince1970
        for file in files {
            logger.log(level: files.count > 20 ? .debug : .info, "received",
                       metadata: ["file": "\(file.path)", "app": "\(file.target.app)", "from": "\(file.sender)"])
        }
        if files.count > 20, let first = files.first {
            logger.info("received", metadata: ["files": "\(files.count)", "first": "\(first.path)", "from": "\(first.sender)"])
        }
        // A write per 256 records, not one for the offer: the lines of 10,000 files were one array
        // grown to 4 MB, the largest allocation of the receiver's finish. Each write still holds
        // whole lines (O_APPEND).
        let log = InboxRecord.log(dataHome: paths.dataHome)
        for start in stride(from: 0, to: files.count, by: 256) {
            InboxRecord.append(files[start..<min(start + 256, files.count)].map {
                InboxRecord(path: $0.path, app: $0.target.app, sender: $0.sender, fingerprint: $0.senderFingerprint,
                            size: $0.size, sha256: $0.sha256, time: now)
            }, to: log)
        }
        await notifications?.delivered(files, apps: await manager.installedApps)
        for file in files where file.target.open && manager.protection?.isHeld(file.target) != true {
            _ = await manager.openForTransfer(FileURL.make(file.path), app: file.target.app, source: "ferry.transfer")
        }
    }

    func openURL(_ url: String, sender: String) async -> Bool {
        await manager.openForTransfer(url, app: nil, source: "ferry.transfer")
    }

    /// The URL's handler is looked up first, so that the sender hears which scheme has none here;
    /// an app that then fails or declines is reported as such (its reason is in this ferryd's log).
    func openURLFailure(_ url: String, sender: String) async -> URLOpenFailure? {
        let handler: InstalledApp
        do { handler = try manager.registryService.handler(for: try FerryURL(url), forced: nil) } catch let error as DaemonError {
            return error.code == .noHandler ? .noHandler(error.message) : .appFailed(error.message)
        } catch {
            return .appFailed("\(error)")
        }
        guard await manager.openForTransfer(url, app: nil, source: "ferry.transfer") else {
            return .appFailed("\(handler.bundleIdentifier) did not take it (its log on the receiver says why)")
        }
        return nil
    }

    func finishFailed(offer: String, sender: String, error: TransferError) async {
        logger.error("an offer could not be delivered; nothing of it reached an Inbox, its files are kept for a resume",
                     metadata: ["id": "\(offer)", "from": "\(sender)", "error": "\(error.message)"])
    }

    func offerWaiting(_ offer: PendingOffer) async {
        logger.notice("offer waiting", metadata: ["id": "\(offer.id)", "from": "\(offer.sender)", "files": "\(offer.files)"])
        await notifications?.offerWaiting(offer)
    }

    func offerDecided(_ id: String) async {
        await notifications?.offerDecided(id)
    }

    func receiving(_ progress: ReceiveProgress) async {
        await notifications?.receiving(progress)
    }
}

/// The receiving mode, changed by `ferry receiving`; Everyone falls back to Contacts by itself.
actor ReceivingState {
    private var mode: ReceivingMode
    private var observer: (@Sendable (String) async -> Void)?
    private var expiry: Task<Void, Never>?

    init(_ mode: ReceivingMode) { self.mode = mode }

    var current: ReceivingMode {
        mode = mode.effective(at: Date())
        return mode
    }

    func set(_ mode: ReceivingMode) async {
        self.mode = mode
        await changed()
    }

    /// Tells `observer` (discovery's TXT record) the mode's name now and on every change,
    /// including Everyone running out.
    func observe(_ observer: @escaping @Sendable (String) async -> Void) async {
        self.observer = observer
        await changed()
    }

    private func changed() async {
        expiry?.cancel()
        if case .everyone(let until) = mode {
            expiry = Task {
                try? await Task.sleep(for: .seconds(max(0, until.timeIntervalSinceNow) + 0.1))
                guard !Task.isCancelled else { return }
                await self.changed()
            }
        }
        await observer?(current.name)
    }
}

/// `file://` URLs for Inbox paths.
enum FileURL {
    static func make(_ path: String) -> String {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8)
        var url = "file://"
        for byte in path.utf8 {
            if allowed.contains(byte) { url.unicodeScalars.append(Unicode.Scalar(byte)) } else {
                url += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return url
    }
}
