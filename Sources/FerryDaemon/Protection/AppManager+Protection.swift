import FerryCore

extension AppManager: ProtectedApps {
    /// Tells every app that runs code that protected data goes or came back; suspended apps are
    /// not woken for it (as on iOS). - Returns: How many apps answered.
    @discardableResult
    func protectedDataEvent(_ event: LifecycleEvent) async -> Int {
        var told = 0
        for app in controllers.keys.sorted() {
            guard controller(app).lifecycle.planProtectedData(event) == [.send(event)] else { continue }
            if (try? await exchange(app, event)) != nil { told += 1 }
        }
        logger.notice("\(event.rawValue)", metadata: ["apps": "\(told)"])
        return told
    }
}
