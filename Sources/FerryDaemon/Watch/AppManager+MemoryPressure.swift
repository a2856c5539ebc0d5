import FerryCore

extension AppManager {
    /// Memory pressure: suspended apps are purged first, the others warned.
    func memoryWarning() async -> MemoryWarningReport {
        let plan = BroadcastPlan.memoryWarning(lifecycles)
        for app in plan.kill { forceKill(app, reason: "memory pressure") }
        let event = LifecycleEvent.didReceiveMemoryWarning
        let warned = await tell(plan.tell, event) { $0.planMemoryWarning() == [.send(event)] }
        logger.notice("memory warning", metadata: ["warned": "\(warned)", "terminated": "\(plan.kill.count)"])
        return MemoryWarningReport(warned: warned, terminated: plan.kill.count)
    }
}
