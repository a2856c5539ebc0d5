import FerryCore

/// A notification for the apps that iOS queues while an app is suspended ("Be Prepared to Process
/// Queued Notifications"): a running app gets it at once, a suspended one on resume, coalesced —
/// the latest of each kind only. Post one with ``AppManager/post(_:to:)``; the table of kinds is in
/// docs/app-services.md.
struct QueuedNotification: Sendable, Equatable {
    /// The event it is delivered as.
    let event: LifecycleEvent
    /// Its latest value (why time changed, the new locale); nil when it has none.
    var value: String?

    /// Notifications with the same key replace each other in a queue: the two protected-data
    /// events share one, so only the latest of lock and unlock is delivered.
    var key: String { event.isProtectedDataEvent ? "protectedData" : event.rawValue }

    /// Why time changed significantly: the `value` of a `significantTimeChange`.
    enum TimeChange: String, Sendable {
        case midnight
        case clockSet = "clock-set"
        case timeZone = "time-zone"
    }

    /// Midnight passed, the clock was set, or the time zone changed.
    static func significantTimeChange(_ why: TimeChange) -> QueuedNotification {
        QueuedNotification(event: .significantTimeChange, value: why.rawValue)
    }

    /// The user's locale changed; `locale` is the new one (`LANG`, such as `de_DE.UTF-8`).
    static func currentLocaleDidChange(_ locale: String?) -> QueuedNotification {
        QueuedNotification(event: .currentLocaleDidChange, value: locale)
    }

    /// The app's user defaults were changed from outside the app (`ferry defaults write`).
    static let userDefaultsDidChange = QueuedNotification(event: .userDefaultsDidChange)

    /// Protected data goes (`protectedDataWillBecomeUnavailable`) or came back.
    static func protectedData(_ event: LifecycleEvent) -> QueuedNotification {
        precondition(event.isProtectedDataEvent, "\(event) is not a protected-data event")
        return QueuedNotification(event: event)
    }
}

/// One suspended app's notifications to deliver on resume, the latest of each kind only, in the
/// order of their latest posting.
struct NotificationQueue: Equatable {
    private(set) var pending: [QueuedNotification] = []

    /// Queues `notification`, replacing an earlier one of its kind.
    mutating func add(_ notification: QueuedNotification) {
        pending.removeAll { $0.key == notification.key }
        pending.append(notification)
    }

    /// Takes everything queued, for delivery.
    mutating func take() -> [QueuedNotification] {
        defer { pending = [] }
        return pending
    }
}
