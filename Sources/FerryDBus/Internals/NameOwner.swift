/// Which connection owns a well-known name now (`org.freedesktop.Notifications`), for a signal
/// subscription that must only hear that owner. The bus filters broadcast signals by the match
/// rule's sender, but delivers a signal addressed to this connection (unicast) from any client
/// whatever the rule says: a client could forge ActionInvoked or logind's PropertiesChanged.
///
/// Learnt from `GetNameOwner` when subscribing and kept by the bus's `NameOwnerChanged`.
/// Touched on the bus thread only.
final class NameOwner: @unchecked Sendable {
    static let bus = "org.freedesktop.DBus"

    let name: String
    /// The unique name of the owner (`:1.42`); nil while the name has none.
    private(set) var owner: String?
    /// Whether a NameOwnerChanged came: it is newer than (or equal to) the GetNameOwner answer.
    private var changed = false

    /// Nil for a name that needs no tracking: none, a unique name, or the bus itself (whose
    /// messages the bus alone sends).
    init?(_ name: String?) {
        guard let name, !name.hasPrefix(":"), name != Self.bus else { return nil }
        self.name = name
    }

    /// The rule for the bus's own NameOwnerChanged about `name`.
    var changes: DBusMatch {
        DBusMatch(sender: Self.bus, path: "/org/freedesktop/DBus", interface: Self.bus, member: "NameOwnerChanged", arg0: name)
    }

    /// The GetNameOwner answer (nil: no owner); ignored when a change came since it was asked.
    func answered(_ unique: String?) {
        guard !changed else { return }
        owner = unique
    }

    /// A NameOwnerChanged (name, old, new), only as the bus itself sends it: a client may address
    /// a forged one to this connection too.
    func heard(_ signal: DBusSignal) {
        guard signal.sender == Self.bus, signal.arguments.count == 3, signal.arguments[0].stringValue == name,
              let new = signal.arguments[2].stringValue else { return }
        owner = new.isEmpty ? nil : new
        changed = true
    }

    /// Whether `signal` comes from the name's owner now.
    func sent(_ signal: DBusSignal) -> Bool {
        owner != nil && signal.sender == owner
    }
}
