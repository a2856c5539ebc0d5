import FerryProtocol

extension Application {
    /// Begins a background task (UIKit's `beginBackgroundTask(withName:expirationHandler:)`): the
    /// app is not suspended while it is open, for at most the background budget. Begun in the
    /// foreground, it carries into the background. Several may be open.
    ///
    /// - Parameters:
    ///   - name: What the task does, for ferryd's log.
    ///   - expirationHandler: Runs on the event loop's thread when the budget nearly ran out
    ///     (`backgroundTaskWillExpire`): finish quickly and call ``endBackgroundTask(_:)``.
    /// - Returns: The task, or ``BackgroundTaskIdentifier/invalid`` once the background time ran out.
    public func beginBackgroundTask(name: String? = nil, expirationHandler: (@Sendable () -> Void)? = nil) -> BackgroundTaskIdentifier {
        backgroundTasks.begin(name: name, expirationHandler: expirationHandler)
    }

    /// Ends a background task; an unknown or already ended one is ignored. From another thread,
    /// call ``BackgroundTasks/end(_:)`` on ``backgroundTasks``.
    public func endBackgroundTask(_ task: BackgroundTaskIdentifier) {
        backgroundTasks.end(task)
    }

    /// Seconds left before ferryd suspends the app despite its background tasks;
    /// `Double.greatestFiniteMagnitude` in the foreground.
    public var backgroundTimeRemaining: Double { backgroundTasks.timeRemaining }

    /// `backgroundTaskWillExpire`: runs the task's expiration handler, if it is still open.
    func expireBackgroundTask(_ event: AppEvent.Event) {
        guard let task = event.task else { return }
        backgroundTasks.expirationHandler(task)?()
    }

    /// Keeps ``backgroundTimeRemaining`` in step with the lifecycle events.
    func trackBackgroundBudget(_ event: LifecycleEvent, _ received: AppEvent.Event) {
        if event == .willEnterForeground { return backgroundTasks.leftBackground() }
        // didEnterBackground carries the whole budget, any later event in the background what is left.
        if let budgetMs = received.budgetMs { backgroundTasks.enteredBackground(budgetMs: budgetMs) }
    }
}
