import FerryCore
import FerryDBus

/// While a URL cold-launches an app: a transient notification with the app's launch image, its
/// name and "Opening …", closed when the open finishes (the app is active) or fails.
struct LaunchNotifications: Sendable {
    let notifier: DesktopNotifier

    /// Starts showing the notification; the launch does not wait for the server.
    func begin(_ app: InstalledApp, url: String) {
        guard notifier.shows(.launch) else { return }
        let scheme = String(url.prefix { $0 != ":" })
        let image = LaunchImage.find(for: app, scheme: scheme)
        let note = Self.notification(app: app.manifest.visibleName, url: url, image: image)
        Task { [notifier] in await notifier.post(note, tag: "launch:" + app.manifest.bundleIdentifier) }
    }

    func end(_ bundleIdentifier: String) async {
        await notifier.close(tag: "launch:" + bundleIdentifier)
    }

    static func notification(app: String, url: String, image: String?) -> DesktopNotification {
        var hints: [String: DBusValue] = ["transient": .boolean(true)]
        if let image { hints["image-path"] = .string(FileURL.make(image)) }
        return DesktopNotification(
            summary: NotificationText.name(app), body: "Opening " + NotificationText.name(url),
            hints: hints, category: "x-ferry.launch", timeout: 10_000)
    }
}

extension AppManager {
    /// Shows launch images through `notifications` from now on.
    func showLaunches(_ notifications: LaunchNotifications) {
        launchNotifications = notifications
    }
}
