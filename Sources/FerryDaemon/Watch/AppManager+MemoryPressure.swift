extension AppManager {
    /// Memory pressure: suspended apps are purged first, the others warned.
    func memoryWarning() async -> MemoryWarningReport {
        var report = MemoryWarningReport()
        for app in controllers.keys.sorted() where state(app) == .suspended {
            forceKill(app, reason: "memory pressure")
            report.terminated += 1
        }
        for app in controllers.keys.sorted() {
            guard controller(app).lifecycle.planMemoryWarning() == [.send(.didReceiveMemoryWarning)] else { continue }
            if (try? await exchange(app, .didReceiveMemoryWarning)) != nil { report.warned += 1 }
        }
        logger.notice("memory warning", metadata: ["warned": "\(report.warned)", "terminated": "\(report.terminated)"])
        return report
    }
}
