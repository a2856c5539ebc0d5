/// Subscriptions whose rule names a well-known sender: the connection checks every signal's
/// sender against that name's owner (``NameOwner``), since the bus does not for unicast signals.
extension DBusConnection {
    /// Subscribes to `name`'s owner changes, then asks for its owner now; nil when `name` needs no
    /// tracking (see ``NameOwner``).
    func trackOwner(of name: String?) async throws -> (owner: NameOwner, changes: Subscription)? {
        guard let owner = NameOwner(name) else { return nil }
        let changes = Subscription(tracking: owner)
        try await install(owner.changes.rule, changes)
        let unique: String?
        do {
            unique = try await call(destination: NameOwner.bus, path: "/org/freedesktop/DBus", interface: NameOwner.bus,
                                    member: "GetNameOwner", .string(owner.name)).first?.stringValue
        } catch let error as DBusError where error.remoteName == "org.freedesktop.DBus.Error.NameHasNoOwner" {
            unique = nil
        } catch {
            loop.enqueue { $0.removeMatch(changes) }
            throw error
        }
        // Runs on the bus thread before any job enqueued later (the caller's own match).
        loop.enqueue { _ in owner.answered(unique) }
        return (owner, changes)
    }

    /// Adds `rule` for `subscription`; returns once the bus accepted it.
    func install(_ rule: String, _ subscription: Subscription) async throws {
        let loop = self.loop
        try await withCheckedThrowingContinuation { (installed: CheckedContinuation<Void, any Error>) in
            loop.enqueue({ $0.addMatch(rule, subscription, installed) }, ifClosed: { installed.resume(throwing: loop.closedError) })
        }
    }
}
