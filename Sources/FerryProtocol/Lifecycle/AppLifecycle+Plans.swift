extension AppLifecycle {
    /// The steps that deliver a URL, following the seeds' Figures 6-1 and 6-2.
    ///
    /// Not running: spawn, willFinishLaunching, didFinishLaunching, open (skipped by the owner when a
    /// launch event declines), then didBecomeActive — or didEnterBackground when `background`.
    /// Background or suspended: resume if suspended, willEnterForeground, open, didBecomeActive.
    /// Active: open. With `background`, a running app just gets open and stays where it is.
    /// Terminating: nothing.
    public func planOpen(background: Bool) -> [Step] {
        switch state {
        case .notRunning:
            let launch: [Step] = [.spawn, .send(.willFinishLaunching), .send(.didFinishLaunching), .send(.open)]
            return launch + [background ? .send(.didEnterBackground) : .send(.didBecomeActive)]
        case .suspended:
            return [.resume] + (background ? [.send(.open)] : Self.foreground)
        case .background:
            return background ? [.send(.open)] : Self.foreground
        case .inactive:
            return background ? [.send(.open)] : [.send(.open), .send(.didBecomeActive)]
        case .active, .launching:
            return [.send(.open)]
        case .terminating:
            // It is on its way out: nothing can be delivered (the owner reports that).
            return []
        }
    }

    private static let foreground: [Step] = [.send(.willEnterForeground), .send(.open), .send(.didBecomeActive)]

    /// The steps that move an app out of the foreground when another app comes forward.
    public func planResign() -> [Step] {
        switch state {
        case .active: [.send(.willResignActive), .send(.didEnterBackground)]
        case .inactive: [.send(.didEnterBackground)]
        default: []
        }
    }

    /// The steps of `ferry quit`: willTerminate if the app can still run code, then terminate.
    /// A suspended app runs no code, so it is ended without being told, as iOS purges it.
    public func planQuit() -> [Step] {
        switch state {
        case .notRunning: []
        case .active: [.send(.willResignActive), .send(.didEnterBackground), .send(.willTerminate), .terminate]
        case .inactive: [.send(.didEnterBackground), .send(.willTerminate), .terminate]
        case .background: [.send(.willTerminate), .terminate]
        case .suspended, .launching, .terminating: [.kill]
        }
    }

    /// The steps of memory pressure: a suspended app is purged, a running one warned.
    public func planMemoryWarning() -> [Step] {
        switch state {
        case .suspended: [.kill]
        case .launching, .inactive, .active, .background: [.send(.didReceiveMemoryWarning)]
        case .notRunning, .terminating: []
        }
    }
}
