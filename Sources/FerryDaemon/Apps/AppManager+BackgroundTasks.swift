import FerryCore

extension AppManager {
    /// The app `token` began (`begin`) or ended background task `id`. Ending an unknown id, or
    /// one already ended for the app, is harmless.
    func backgroundTask(token: String, id: Int, _ task: AppReply.BackgroundTask) {
        guard let app = controllers.app(token: token) else { return }
        switch task.action {
        case .begin:
            let begun = controllers[app]?.tasks.begin(id, name: task.name, now: clock.now) ?? false
            logger.debug("background task", metadata: ["app": "\(app)", "task": "\(id)", "begun": "\(begun)"])
        case .end:
            controllers[app]?.tasks.end(id)
            // The sweeper suspends it at once if that was its last task in the background.
            sweepAlarm.ring()
        }
    }

    /// Sweeps the background budgets: returns the warnings due, and ends the tasks whose budget
    /// ran out (the app is then suspended by the same sweep).
    func dueBackgroundWarnings(now: ContinuousClock.Instant) -> [(app: String, task: Int)] {
        var warnings: [(app: String, task: Int)] = []
        for app in controllers.keys where controllers[app]?.state == .background {
            switch controllers[app]?.tasks.due(now: now, budget: configuration.backgroundTaskBudget) {
            case .warn(let tasks)?: warnings += tasks.map { (app, $0) }
            case .expired(let tasks)?:
                logger.notice("background time expired; tasks ended for the app", metadata: ["app": "\(app)", "tasks": "\(tasks)"])
            case nil: continue
            }
        }
        return warnings
    }

    /// Tells the app its task `task` is about to expire (`backgroundTaskWillExpire`). An app that
    /// does not answer within the event timeout is killed, as for any event: it ignores expiry.
    func warnExpiry(_ app: String, task: Int) async {
        guard state(app) == .background else { return }
        do { _ = try await exchange(app, .backgroundTaskWillExpire, task: task) } catch {
            logger.notice("backgroundTaskWillExpire not answered", metadata: ["app": "\(app)", "error": "\(error)"])
        }
    }

    /// Whether a background budget runs for an app with open tasks, so the sweeper looks often.
    var hasBackgroundBudgets: Bool {
        controllers.values.contains { $0.state == .background && $0.tasks.holdsApp }
    }
}
