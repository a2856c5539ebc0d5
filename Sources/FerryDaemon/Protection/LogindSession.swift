import FerryDBus

/// The user's session in systemd-logind, on the system bus: which one, and its `LockedHint`.
struct LogindSession: Sendable {
    static let service = "org.freedesktop.login1"
    static let interface = "org.freedesktop.login1.Session"

    /// The session's object path.
    let path: String

    /// The session ferryd follows: `XDG_SESSION_ID`'s when set (ferryd started from a session),
    /// else this user's session on a seat (what a user service sees: it runs outside sessions),
    /// else this user's first session.
    ///
    /// - Throws: `DBusError` when logind does not answer, or `SessionLockError` without any session.
    static func find(_ bus: DBusConnection, environment: [String: String], uid: UInt32) async throws -> LogindSession {
        let manager = "org.freedesktop.login1.Manager"
        if let id = environment["XDG_SESSION_ID"], !id.isEmpty {
            let reply = try await bus.call(destination: service, path: "/org/freedesktop/login1",
                                           interface: manager, member: "GetSession", .string(id))
            if let path = reply.first?.stringValue { return LogindSession(path: path) }
        }
        // a(susso): id, uid, user name, seat, object path.
        let reply = try await bus.call(destination: service, path: "/org/freedesktop/login1", interface: manager, member: "ListSessions")
        guard case .array(_, let entries)? = reply.first else { throw SessionLockError("logind's ListSessions gave no list") }
        let mine: [(seat: String, path: String)] = entries.compactMap { entry in
            guard case .structure(let fields) = entry, fields.count == 5, fields[1].uint32Value == uid,
                  let seat = fields[3].stringValue, let path = fields[4].stringValue else { return nil }
            return (seat, path)
        }
        guard let chosen = mine.first(where: { !$0.seat.isEmpty }) ?? mine.first else {
            throw SessionLockError("user \(uid) has no logind session: the session lock is not followed (use ferry lock)")
        }
        return LogindSession(path: chosen.path)
    }

    /// Whether the session is locked now.
    func isLocked(_ bus: DBusConnection) async throws -> Bool {
        try await bus.property(destination: Self.service, path: path, interface: Self.interface, name: "LockedHint").boolValue ?? false
    }

    /// The session's property changes, from logind only (the match names the sender).
    var changes: DBusMatch {
        DBusMatch(sender: Self.service, path: path, interface: "org.freedesktop.DBus.Properties",
                  member: "PropertiesChanged", arg0: Self.interface)
    }

    /// `LockedHint`'s value from a PropertiesChanged signal: the new value, `nil` when it did not
    /// change, or `.invalidated` when logind only says it changed.
    static func lockedHint(in signal: DBusSignal) -> LockedHintChange? {
        guard signal.arguments.count >= 2 else { return nil }
        if let value = signal.arguments[1].dictionary?["LockedHint"]?.boolValue { return .value(value) }
        if signal.arguments.count >= 3, signal.arguments[2].stringArray?.contains("LockedHint") == true { return .invalidated }
        return nil
    }

    enum LockedHintChange: Equatable { case value(Bool), invalidated }
}

/// Why the session lock cannot be followed (logged once; `ferry lock` still works).
struct SessionLockError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
