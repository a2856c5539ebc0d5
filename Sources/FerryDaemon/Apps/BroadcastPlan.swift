import FerryCore

/// Who hears a daemon-wide event, decided from the apps' lifecycles alone: under memory pressure
/// the suspended apps are ended and those that run code warned; when protected data goes or comes
/// back, those that run code are told (suspended apps are not woken for it, as on iOS).
/// ``AppManager`` performs the plan, checking each app again after every `await`.
struct BroadcastPlan: Equatable {
    /// Apps to end at once, by name.
    var kill: [String] = []
    /// Apps to send the event to, in this order.
    var tell: [String] = []
    /// Suspended apps whose queue the notification joins, for their resume.
    var queue: [String] = []

    /// The plan of a ``QueuedNotification`` over `apps`: told if they run code, queued if suspended.
    static func notification(_ apps: [String: AppLifecycle]) -> BroadcastPlan {
        var plan = BroadcastPlan()
        for app in apps.keys.sorted() {
            switch apps[app]!.deliversNotificationsNow {
            case true?: plan.tell.append(app)
            case false?: plan.queue.append(app)
            case nil: continue
            }
        }
        return plan
    }

    /// The plan of memory pressure over `apps` (bundle identifier to lifecycle).
    static func memoryWarning(_ apps: [String: AppLifecycle]) -> BroadcastPlan {
        plan(apps) { $0.planMemoryWarning() }
    }

    /// The plan of a protected-data `event` over `apps`.
    static func protectedData(_ event: LifecycleEvent, _ apps: [String: AppLifecycle]) -> BroadcastPlan {
        plan(apps) { $0.planProtectedData(event) }
    }

    private static func plan(_ apps: [String: AppLifecycle], _ steps: (AppLifecycle) -> [AppLifecycle.Step]) -> BroadcastPlan {
        var plan = BroadcastPlan()
        for app in apps.keys.sorted() {
            switch steps(apps[app]!).first {
            case .kill: plan.kill.append(app)
            case .send: plan.tell.append(app)
            default: continue
            }
        }
        return plan
    }
}
