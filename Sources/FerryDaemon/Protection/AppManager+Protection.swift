import FerryCore

extension AppManager: ProtectedApps {
    /// Tells every app that runs code that protected data goes or came back; suspended apps are
    /// not woken for it (as on iOS) but get the latest of the two on resume (``post(_:to:)``).
    /// - Returns: How many apps answered.
    @discardableResult
    func protectedDataEvent(_ event: LifecycleEvent) async -> Int {
        await post(.protectedData(event), to: nil)
    }
}
