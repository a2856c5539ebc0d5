import FerryProtocol
import FerryKit

/// A delegate that writes down every call, the state the app was in during it, and what it got;
/// it answers the launch methods and `open` from ``answers`` (true when absent).
final class RecordingDelegate: ApplicationDelegate {
    /// The events, named as on the wire, in the order their methods ran.
    var calls: [String] = []
    /// `application.state` during each call.
    var states: [AppState] = []
    /// The URLs `open` received.
    var opened: [AppURL] = []
    /// The options each launch method or `open` received.
    var options: [LaunchOptions] = []
    /// What the launch methods and `open` answer, by wire name.
    var answers: [String: Bool] = [:]

    private func record(_ name: String, _ application: Application) {
        calls.append(name)
        states.append(application.state)
    }

    private func answer(_ name: String, _ application: Application, _ options: LaunchOptions) -> Bool {
        record(name, application)
        self.options.append(options)
        return answers[name] ?? true
    }

    func application(_ application: Application, willFinishLaunchingWithOptions launchOptions: LaunchOptions) -> Bool {
        answer("willFinishLaunching", application, launchOptions)
    }

    func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: LaunchOptions) -> Bool {
        answer("didFinishLaunching", application, launchOptions)
    }

    func application(_ application: Application, open url: AppURL, options: LaunchOptions) -> Bool {
        opened.append(url)
        return answer("open", application, options)
    }

    func applicationDidBecomeActive(_ application: Application) { record("didBecomeActive", application) }
    func applicationWillResignActive(_ application: Application) { record("willResignActive", application) }
    func applicationDidEnterBackground(_ application: Application) { record("didEnterBackground", application) }
    func applicationWillEnterForeground(_ application: Application) { record("willEnterForeground", application) }
    func applicationWillTerminate(_ application: Application) { record("willTerminate", application) }
    func applicationDidReceiveMemoryWarning(_ application: Application) { record("didReceiveMemoryWarning", application) }
    func applicationProtectedDataWillBecomeUnavailable(_ application: Application) { record("protectedDataWillBecomeUnavailable", application) }
    func applicationProtectedDataDidBecomeAvailable(_ application: Application) { record("protectedDataDidBecomeAvailable", application) }
    func applicationSignificantTimeChange(_ application: Application, reason: String?) { record("significantTimeChange", application) }
    func applicationCurrentLocaleDidChange(_ application: Application, locale: String?) { record("currentLocaleDidChange", application) }
    func applicationUserDefaultsDidChange(_ application: Application) { record("userDefaultsDidChange", application) }
}

/// A delegate that implements nothing, to check the defaults.
final class DefaultDelegate: ApplicationDelegate {}

/// An application with made-up folders.
func testApplication() -> Application {
    Application(bundleIdentifier: "com.test.app", containerDirectory: "/c", documentsDirectory: "/c/Documents")
}

/// An event as ferryd sends it.
func appEvent(_ id: Int, _ event: String, url: String? = nil, options: AppEvent.LaunchOptions? = nil) -> Envelope<AppEvent> {
    Envelope(id: id, .event(AppEvent.Event(event: event, url: url, options: options)))
}

/// The app's reply to event `id`.
func appReply(_ id: Int, _ result: Bool) -> Envelope<AppReply> {
    Envelope(id: id, .reply(.init(result: result)))
}

/// An `event` message, for the tests of the wire.
func eventMessage(_ id: Int, _ event: String, url: String? = nil, options: AppEvent.LaunchOptions? = nil) -> WireMessage {
    .event(appEvent(id, event, url: url, options: options))
}

/// A `reply` message, for the tests of the wire.
func replyMessage(_ id: Int, _ result: Bool) -> WireMessage {
    .appReply(appReply(id, result))
}
