import FerryCore

extension AppManager {
    /// Posts `notification` to the app `bundleID`, or to every app when nil: an app that runs code
    /// gets it at once (as an event it answers, within the event timeout); a suspended one gets it
    /// when it is resumed, before `willEnterForeground`, coalesced with others of its kind (the
    /// latest only). An app that is not running gets nothing: it reads the current state at launch.
    ///
    /// The entry point for every daemon-side source of these events: the clock and locale
    /// watchers, data protection, and `ferry defaults` (``QueuedNotification/userDefaultsDidChange``).
    /// - Returns: How many running apps answered it now.
    @discardableResult
    func post(_ notification: QueuedNotification, to bundleID: String?) async -> Int {
        let apps = bundleID.map { app in lifecycles.filter { $0.key == app } } ?? lifecycles
        let plan = BroadcastPlan.notification(apps)
        for app in plan.queue { controllers[app]?.notifications.add(notification) }
        var told = 0
        for app in plan.tell {
            // An earlier exchange may have let this app be suspended, or end, meanwhile.
            switch controllers[app]?.lifecycle.deliversNotificationsNow {
            case true?:
                if (try? await exchange(app, notification.event, value: notification.value)) != nil { told += 1 }
            case false?: controllers[app]?.notifications.add(notification)
            case nil: continue
            }
        }
        logger.info("\(notification.event.rawValue)", metadata: ["told": "\(told)", "queued": "\(plan.queue.count)"])
        return told
    }

    /// Delivers what was queued while the app was suspended, right after its resume.
    func deliverQueued(_ app: String) async {
        for notification in controllers[app]?.notifications.take() ?? [] {
            do { _ = try await exchange(app, notification.event, value: notification.value) } catch {
                logger.notice("queued notification not delivered", metadata: ["app": "\(app)", "error": "\(error)"])
                return
            }
        }
    }
}
