/// What a managed app is told about its life, under the names of UIKit's `UIApplicationDelegate`.
///
/// Hand one to ``FerryApplication/main(_:)``. Every method has a default (the launch methods and
/// `open` answer `true`, the rest do nothing), so a delegate implements only what it cares about.
/// The methods run one at a time on the thread that called `main`; ferryd waits for each to return
/// before it sends the next event, and kills an app that keeps it waiting (see `docs/protocol.md`).
public protocol ApplicationDelegate: AnyObject {
    /// The process started; `launchOptions` carry the URL it was launched for, if any.
    ///
    /// - Returns: `false` to decline that URL: `open` is not called for it.
    func application(_ application: Application, willFinishLaunchingWithOptions launchOptions: LaunchOptions) -> Bool

    /// Launching is done; the app is about to come forward (or go to the background).
    ///
    /// - Returns: `false` to decline the launch URL: `open` is not called for it.
    func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: LaunchOptions) -> Bool

    /// The app is in the foreground and receiving events.
    func applicationDidBecomeActive(_ application: Application)

    /// The app is about to leave the foreground: another app comes forward, or it is quitting.
    func applicationWillResignActive(_ application: Application)

    /// The app is in the background. It may be suspended (stopped without being told) after this.
    func applicationDidEnterBackground(_ application: Application)

    /// The app is about to come back from the background.
    func applicationWillEnterForeground(_ application: Application)

    /// The app is about to end; the process exits as soon as this returns.
    func applicationWillTerminate(_ application: Application)

    /// A URL for the app to open.
    ///
    /// - Parameters:
    ///   - url: The URL exactly as the sender gave it, with its parts.
    ///   - options: Who sent it and their annotation.
    /// - Returns: Whether the app handled the URL (reported to `ferry open --wait`).
    func application(_ application: Application, open url: AppURL, options: LaunchOptions) -> Bool

    /// The system is short of memory: free what can be rebuilt, or risk being terminated.
    func applicationDidReceiveMemoryWarning(_ application: Application)

    /// The session is locking: files of class `complete` become unreadable in 10 s (UIKit's
    /// `applicationProtectedDataWillBecomeUnavailable`). Close them now.
    func applicationProtectedDataWillBecomeUnavailable(_ application: Application)

    /// The session was unlocked and every class's files can be opened again.
    func applicationProtectedDataDidBecomeAvailable(_ application: Application)

    /// Midnight passed, the clock was set or the time zone changed (UIKit's
    /// `applicationSignificantTimeChange`); while suspended, told once on resume.
    ///
    /// - Parameter reason: `midnight`, `clock-set` or `time-zone` (the latest, when coalesced).
    func applicationSignificantTimeChange(_ application: Application, reason: String?)

    /// The user's locale changed (`NSCurrentLocaleDidChangeNotification`); while suspended, told
    /// once on resume.
    ///
    /// - Parameter locale: The new `LANG`, such as `de_DE.UTF-8`; nil when none is set.
    func applicationCurrentLocaleDidChange(_ application: Application, locale: String?)

    /// The app's user defaults were changed from outside it (`NSUserDefaultsDidChangeNotification`);
    /// while suspended, told once on resume.
    func applicationUserDefaultsDidChange(_ application: Application)
}

extension ApplicationDelegate {
    /// Accepts the launch.
    public func application(_ application: Application, willFinishLaunchingWithOptions launchOptions: LaunchOptions) -> Bool {
        true
    }

    /// Accepts the launch.
    public func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: LaunchOptions) -> Bool {
        true
    }

    /// Does nothing.
    public func applicationDidBecomeActive(_ application: Application) {}

    /// Does nothing.
    public func applicationWillResignActive(_ application: Application) {}

    /// Does nothing.
    public func applicationDidEnterBackground(_ application: Application) {}

    /// Does nothing.
    public func applicationWillEnterForeground(_ application: Application) {}

    /// Does nothing.
    public func applicationWillTerminate(_ application: Application) {}

    /// Reports the URL as handled.
    public func application(_ application: Application, open url: AppURL, options: LaunchOptions) -> Bool {
        true
    }

    /// Does nothing.
    public func applicationDidReceiveMemoryWarning(_ application: Application) {}

    /// Does nothing.
    public func applicationProtectedDataWillBecomeUnavailable(_ application: Application) {}

    /// Does nothing.
    public func applicationProtectedDataDidBecomeAvailable(_ application: Application) {}

    /// Does nothing.
    public func applicationSignificantTimeChange(_ application: Application, reason: String?) {}

    /// Does nothing.
    public func applicationCurrentLocaleDidChange(_ application: Application, locale: String?) {}

    /// Does nothing.
    public func applicationUserDefaultsDidChange(_ application: Application) {}
}
