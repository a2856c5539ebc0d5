import FerryCore
import FerryDBus
import FerryTransfer
import FoundationEssentials
import Logging

/// The notifications of file transfers: an offer waiting (Accept / Decline, the same as
/// `ferry accept/decline ID`), closed when it is decided elsewhere; a delivered file (Open, Show
/// in folder).
struct TransferNotifications: Sendable {
    let notifier: DesktopNotifier
    /// The receiver the actions answer through, once transfers are up.
    let transfers: TransferSlot
    let manager: AppManager
    let environment: [String: String]
    let logger: Logger

    func offerWaiting(_ offer: PendingOffer) async {
        guard notifier.shows(.offers) else { return }
        let note = Self.offerNotification(offer)
        let id = offer.id
        // The sender's answer does not wait for the server.
        Task { [notifier, transfers] in
            await notifier.post(note, tag: "offer:" + id) { key in
                guard let receiver = await transfers.hub()?.receiver else { return }
                _ = key == "accept" ? await receiver.accept(id) : await receiver.decline(id)
            }
        }
    }

    /// The offer was accepted, declined, cancelled or expired: its notification goes.
    func offerDecided(_ id: String) async {
        await notifier.close(tag: "offer:" + id)
    }

    func delivered(_ files: [DeliveredFile], apps: [InstalledApp]) async {
        guard notifier.shows(.delivered), let first = files.first else { return }
        let appName = apps.first { $0.manifest.bundleIdentifier == first.target.app }?.manifest.visibleName ?? first.target.app
        let note = Self.deliveredNotification(files, appName: appName)
        // The sender's receipt does not wait for the server.
        Task { [notifier, manager, environment, logger] in
            await notifier.post(note, replacing: "progress:" + first.senderFingerprint) { key in
                switch key {
                case "default", "open":
                    _ = await manager.openForTransfer(FileURL.make(first.path), app: first.target.app, source: "ferry.notification")
                case "show":
                    await FolderShower(environment: environment, logger: logger).show(first.path)
                default:
                    break
                }
            }
        }
    }

    /// A file arriving: one notification per sender, updated in place (replaces_id).
    func receiving(_ progress: ReceiveProgress) async {
        guard notifier.shows(.delivered) else { return }
        await notifier.post(Self.progressNotification(progress), tag: "progress:" + progress.senderFingerprint)
    }

    static func progressNotification(_ progress: ReceiveProgress) -> DesktopNotification {
        let percent = progress.size == 0 ? 100 : Int(min(100, progress.written * 100 / progress.size))
        let name = NotificationText.name(String(progress.fileName.split(separator: "/").last ?? ""))
        return DesktopNotification(
            summary: "Receiving \(name) from \(NotificationText.name(progress.sender))",
            body: "\(percent)% of \(byteText(progress.size))",
            hints: ["value": .int32(Int32(percent)), "transient": .boolean(true)],
            category: "transfer")
    }

    static func offerNotification(_ offer: PendingOffer) -> DesktopNotification {
        let sender = NotificationText.name(offer.sender)
        let what = offer.url != nil && offer.files == 0
            ? "a link"
            : "\(offer.files) file\(offer.files == 1 ? "" : "s") (\(byteText(offer.bytes)))"
        return DesktopNotification(
            summary: "\(sender) wants to send \(what)",
            body: offer.url.map { "Link: " + NotificationText.name($0) } ?? "Accept to receive into your Inbox.",
            actions: [("accept", "Accept"), ("decline", "Decline")],
            commandLine: "ferry accept \(offer.id)   or   ferry decline \(offer.id)",
            category: "transfer", timeout: 0)
    }

    static func deliveredNotification(_ files: [DeliveredFile], appName: String) -> DesktopNotification {
        let first = files[0]
        let name = NotificationText.name(String(first.path.split(separator: "/").last ?? ""))
        let more = files.count > 1 ? " and \(files.count - 1) more" : ""
        return DesktopNotification(
            summary: "\(name)\(more) from \(NotificationText.name(first.sender))",
            body: "In \(NotificationText.name(appName))",
            actions: [("default", "Open"), ("open", "Open"), ("show", "Show in folder")],
            commandLine: "ferry inbox \(first.target.app)",
            category: "transfer.complete")
    }

    /// `12 MB`, `3.4 kB`: decimal units, as file managers show sizes.
    static func byteText(_ bytes: UInt64) -> String {
        let units = ["bytes", "kB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if unit == 0 { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        return (value < 10 ? oneDecimal(value) : String(Int(value.rounded()))) + " " + units[unit]
    }

    /// `3.4`: what `String(format: "%.1f")` gives for a small positive value, without Foundation.
    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
