// todo-managed: a to-do list that ferryd keeps running, built on FerryKit.
//
//   todolist-managed://www.acme.com?Quarterly%20Report#200806231300
//   adds "2008-06-23 13:00  Quarterly Report" to Documents/todo.txt.
//
// Every delegate call is logged as one line "event NAME", on stdout (ferryd's log file for the
// app) and in Documents/events.log. A launch URL whose query is "decline" is declined in
// didFinishLaunching, so open is never called for it.
//
// State restoration: `todolist-managed://list/NAME` opens the list NAME and
// `todolist-managed://select/N` selects its row N; Documents/screen.txt shows where the user is.
// That place is saved when the app goes to the background and restored at its next launch.
import FerryKit

final class TodoApp: RestorationDelegate {
    /// The format of the saved state; state of another format is refused.
    static let stateVersion = "1"
    let lists = ListsScreen()

    private func log(_ event: String, _ app: Application) {
        print("event \(event)")
        appendLine("event \(event)", to: app.documentsDirectory + "/events.log")
    }

    func application(_ app: Application, willFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        log("willFinishLaunching", app)
        app.restoration.registerFactory(for: "List") { _, coder in
            ListScreen(name: coder.decode(String.self, forKey: "name") ?? "Inbox")
        }
        return true
    }

    func application(_ app: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        log("didFinishLaunching", app)
        showScreen(app)
        return options.url?.query != "decline"
    }

    func application(_ app: Application, open url: AppURL, options: LaunchOptions) -> Bool {
        log("open", app)
        if let handled = navigate(url) {
            showScreen(app)
            return handled
        }
        guard let item = TodoItem(url) else { return false }
        return appendLine(item.line, to: app.documentsDirectory + "/todo.txt")
    }

    func applicationDidBecomeActive(_ app: Application) { log("didBecomeActive", app) }
    func applicationWillResignActive(_ app: Application) { log("willResignActive", app) }
    func applicationDidEnterBackground(_ app: Application) { log("didEnterBackground", app) }
    func applicationWillEnterForeground(_ app: Application) { log("willEnterForeground", app) }
    func applicationWillTerminate(_ app: Application) { log("willTerminate", app) }
    func applicationDidReceiveMemoryWarning(_ app: Application) { log("didReceiveMemoryWarning", app) }

    func restorationRoots(of app: Application) -> [any RestorableObject] { [lists] }

    func application(_ app: Application, shouldSaveApplicationState coder: RestorationCoder) -> Bool { true }

    func application(_ app: Application, willEncodeRestorableStateWith coder: RestorationCoder) {
        coder.encode(Self.stateVersion, forKey: RestorationCoder.appVersionKey)
    }

    func application(_ app: Application, shouldRestoreApplicationState coder: RestorationCoder) -> Bool {
        log("shouldRestoreApplicationState \(coder.appVersion ?? "-")", app)
        return coder.appVersion == Self.stateVersion
    }

    func applicationFinishedRestoringState(_ app: Application) {
        log("applicationFinishedRestoringState", app)
    }

    /// `list/NAME` and `select/N`: moves the user's place. - Returns: nil for any other URL.
    private func navigate(_ url: AppURL) -> Bool? {
        let argument = AppURL.percentDecoded(url.path.drop { $0 == "/" })
        switch url.host {
        case "list":
            guard !argument.isEmpty else { return false }
            lists.open = ListScreen(name: argument)
            return true
        case "select":
            guard let open = lists.open, let row = Int(argument) else { return false }
            open.selection = row
            return true
        default:
            return nil
        }
    }

    private func showScreen(_ app: Application) {
        writeFile(lists.summary + "\n", to: app.documentsDirectory + "/screen.txt")
    }
}

FerryApplication.main(TodoApp())
