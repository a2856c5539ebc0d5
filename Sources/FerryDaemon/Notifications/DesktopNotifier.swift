import FerryCore
import FerryDBus
import Logging

/// ferryd's side of the desktop's notification service: shows notifications, and runs the
/// handler of an action the user invokes. Connects on first use; when no session bus or no
/// service answers it logs one line and shows nothing (it tries again at most once a minute,
/// silently).
actor DesktopNotifier {
    typealias ActionHandler = @Sendable (String) async -> Void

    static let service = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"

    private let environment: [String: String]
    private let configHome: String
    private let logger: Logger
    private var connection: DBusConnection?
    private var capabilities: Set<String> = []
    private var lastAttempt: ContinuousClock.Instant?
    private var loggedUnavailable = false
    private var handlers: [UInt32: ActionHandler] = [:]
    /// Notifications ferryd closes by name later: `offer:<id>`, `launch:<app>`.
    private var tagged: [String: UInt32] = [:]
    /// Tags being posted now, and those closed before the server answered the post.
    private var posting: Set<String> = []
    private var closedEarly: Set<String> = []
    private var listener: Task<Void, Never>?

    /// - Parameters:
    ///   - environment: ferryd's environment: `DBUS_SESSION_BUS_ADDRESS`, `XDG_RUNTIME_DIR`, and
    ///     `FERRY_NOTIFICATIONS=off` to turn notifications off for this ferryd.
    ///   - configHome: where `notifications.json` lives.
    init(environment: [String: String], configHome: String, logger: Logger) {
        self.environment = environment
        self.configHome = configHome
        self.logger = logger
    }

    /// Whether notifications of `kind` are switched on (the file and `FERRY_NOTIFICATIONS`).
    nonisolated func shows(_ kind: NotificationSettings.Kind) -> Bool {
        environment["FERRY_NOTIFICATIONS"] != "off" && NotificationSettings.load(configHome: configHome).shows(kind)
    }

    /// Shows `notification` (replacing `replaces` when not 0); `onAction` gets the key of an
    /// action the user invokes. Returns the server's id, or nil when nothing was shown.
    @discardableResult
    /// A `tag` already shown is replaced in place (replaces_id): progress updates one notification.
    /// `replacing` names a tagged notification this one takes the place of, and forgets that tag.
    func post(_ notification: DesktopNotification, replaces: UInt32 = 0, tag: String? = nil, replacing: String? = nil,
              onAction: ActionHandler? = nil) async -> UInt32? {
        var replaces = replaces
        if let tag, let shown = tagged[tag] { replaces = shown }
        if let replacing, let shown = tagged.removeValue(forKey: replacing) { replaces = shown }
        guard let connection = await connect() else { return nil }
        let text = NotificationText(markup: capabilities.contains("body-markup"))
        let withActions = capabilities.contains("actions")
        var body = text.body(notification.body)
        if !withActions, let line = notification.commandLine { body += "\n" + text.body(line) }
        var hints = notification.hints
        hints["category"] = .string(notification.category)
        hints["desktop-entry"] = .string("ferry")
        hints["urgency"] = .byte(1)
        let actions = withActions ? notification.actions.flatMap { [$0.key, $0.label] } : []
        if let tag { posting.insert(tag) }
        defer { if let tag { posting.remove(tag) } }
        do {
            let reply = try await connection.call(DBusMethodCall(
                destination: Self.service, path: Self.path, interface: Self.service, member: "Notify",
                arguments: [.string("Ferry"), .uint32(replaces), .string(""), .string(notification.summary), .string(body),
                            .strings(actions), .vardict(hints), .int32(notification.timeout)],
                timeout: .seconds(5)))
            guard let id = reply.first?.uint32Value else { return nil }
            if let onAction, withActions { handlers[id] = onAction }
            if let tag {
                // Decided while the server was still answering the post: close it now.
                if closedEarly.remove(tag) != nil {
                    await close(id)
                    return id
                }
                tagged[tag] = id
            }
            return id
        } catch {
            logger.warning("the desktop notification could not be shown", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// Closes notification `id` (an offer decided elsewhere, a launch that finished).
    func close(_ id: UInt32) async {
        handlers[id] = nil
        guard let connection else { return }
        _ = try? await connection.call(DBusMethodCall(
            destination: Self.service, path: Self.path, interface: Self.service, member: "CloseNotification",
            arguments: [.uint32(id)], timeout: .seconds(5)))
    }

    /// Closes the notification posted with `tag`, if it is still there.
    func close(tag: String) async {
        guard let id = tagged.removeValue(forKey: tag) else {
            if posting.contains(tag) { closedEarly.insert(tag) }
            return
        }
        await close(id)
    }

    /// The server's capabilities (after the first connection), for tests and `status`.
    var serverCapabilities: Set<String> { capabilities }

    private func connect() async -> DBusConnection? {
        if let connection { return connection }
        let now = ContinuousClock.now
        if let lastAttempt, now - lastAttempt < .seconds(60) { return nil }
        lastAttempt = now
        do {
            let bus = try DBusConnection.session(environment: environment)
            // Before GetCapabilities: an action invoked on the first notification is not missed.
            let signals = try await bus.signals(matching: DBusMatch(sender: Self.service, path: Self.path, interface: Self.service))
            let reply = try await bus.call(DBusMethodCall(
                destination: Self.service, path: Self.path, interface: Self.service, member: "GetCapabilities", timeout: .seconds(5)))
            capabilities = Set(reply.first?.stringArray ?? [])
            connection = bus
            listener = Task { [weak self] in
                for await signal in signals { await self?.received(signal) }
                await self?.lost()
            }
            logger.info("desktop notifications on", metadata: ["capabilities": "\(capabilities.sorted().joined(separator: ","))"])
            return bus
        } catch {
            if !loggedUnavailable {
                logger.notice("desktop notifications are off: no notification service answers", metadata: ["error": "\(error)"])
                loggedUnavailable = true
            }
            return nil
        }
    }

    private func received(_ signal: DBusSignal) async {
        guard let id = signal.arguments.first?.uint32Value else { return }
        switch signal.member {
        case "ActionInvoked":
            guard let key = signal.arguments.dropFirst().first?.stringValue, let handler = handlers[id] else { return }
            // One answer per notification: a second click does nothing.
            handlers[id] = nil
            await handler(key)
        case "NotificationClosed":
            handlers[id] = nil
            tagged = tagged.filter { $0.value != id }
        default:
            break
        }
    }

    private func lost() {
        connection = nil
        handlers = [:]
        tagged = [:]
        lastAttempt = nil
    }
}
