import FerryCore

extension AppManager: ProtectedApps {
    /// Tells every app that runs code that protected data goes or came back; suspended apps are
    /// not woken for it (as on iOS). - Returns: How many apps answered.
    @discardableResult
    func protectedDataEvent(_ event: LifecycleEvent) async -> Int {
        let plan = BroadcastPlan.protectedData(event, lifecycles)
        let told = await tell(plan.tell, event) { $0.planProtectedData(event) == [.send(event)] }
        logger.notice("\(event.rawValue)", metadata: ["apps": "\(told)"])
        return told
    }
}
