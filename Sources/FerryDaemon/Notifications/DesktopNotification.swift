import FerryDBus

/// One notification to show through `org.freedesktop.Notifications` (Desktop Notifications 1.2).
struct DesktopNotification: Sendable, Equatable {
    /// Plain text; servers never read the summary as markup.
    var summary: String
    /// Plain text, escaped by the notifier when the server reads markup.
    var body: String
    /// Action keys and their labels, in the order shown; `default` is a click on the notification.
    var actions: [(key: String, label: String)] = []
    /// The command that does what the actions do, added to the body when the server has no actions.
    var commandLine: String?
    /// `image-data` and the like; `urgency`, `category` and `desktop-entry` are added by the notifier.
    var hints: [String: DBusValue] = [:]
    var category: String
    /// Milliseconds; 0 keeps it until the user or ferryd closes it, -1 is the server's default.
    var timeout: Int32 = -1

    static func == (a: Self, b: Self) -> Bool {
        a.summary == b.summary && a.body == b.body && a.actions.map(\.key) == b.actions.map(\.key)
            && a.actions.map(\.label) == b.actions.map(\.label) && a.commandLine == b.commandLine
            && a.hints == b.hints && a.category == b.category && a.timeout == b.timeout
    }
}
