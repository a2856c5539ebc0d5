// todo-managed: a to-do list that ferryd keeps running, built on FerryKit.
//
//   todolist-managed://www.acme.com?Quarterly%20Report#200806231300
//   adds "2008-06-23 13:00  Quarterly Report" to Documents/todo.txt.
//
// Every delegate call is logged as one line "event NAME", on stdout (ferryd's log file for the
// app) and in Documents/events.log. A launch URL whose query is "decline" is declined in
// didFinishLaunching, so open is never called for it.
import FerryKit

final class TodoApp: ApplicationDelegate {
    private func log(_ event: String, _ app: Application) {
        print("event \(event)")
        appendLine("event \(event)", to: app.documentsDirectory + "/events.log")
    }

    func application(_ app: Application, willFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        log("willFinishLaunching", app)
        return true
    }

    func application(_ app: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        log("didFinishLaunching", app)
        return options.url?.query != "decline"
    }

    func application(_ app: Application, open url: AppURL, options: LaunchOptions) -> Bool {
        log("open", app)
        guard let item = TodoItem(url) else { return false }
        return appendLine(item.line, to: app.documentsDirectory + "/todo.txt")
    }

    func applicationDidBecomeActive(_ app: Application) { log("didBecomeActive", app) }
    func applicationWillResignActive(_ app: Application) { log("willResignActive", app) }
    func applicationDidEnterBackground(_ app: Application) { log("didEnterBackground", app) }
    func applicationWillEnterForeground(_ app: Application) { log("willEnterForeground", app) }
    func applicationWillTerminate(_ app: Application) { log("willTerminate", app) }
    func applicationDidReceiveMemoryWarning(_ app: Application) { log("didReceiveMemoryWarning", app) }
}

FerryApplication.main(TodoApp())
