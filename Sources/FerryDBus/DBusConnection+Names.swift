/// Questions to the bus itself about well-known names: who owns one, and that owner's process.
extension DBusConnection {
    /// Whether `name` has an owner now (`org.freedesktop.DBus.NameHasOwner`): for an activatable
    /// name, whether its app is running rather than waiting to be started by the bus.
    ///
    /// - Parameter name: a well-known or unique bus name.
    /// - Throws: `DBusError` when the bus refuses the name or the connection is lost.
    public func nameHasOwner(_ name: String) async throws -> Bool {
        let reply = try await call(destination: NameOwner.bus, path: "/org/freedesktop/DBus", interface: NameOwner.bus,
                                   member: "NameHasOwner", .string(name))
        guard let owned = reply.first?.boolValue else {
            throw DBusError(.decode, "the bus answered NameHasOwner(\(name)) without a boolean")
        }
        return owned
    }

    /// The process id of `name`'s owner (`GetConnectionUnixProcessID`); nil when the name has no
    /// owner (any more) or the bus does not know the process.
    ///
    /// - Parameter name: a well-known or unique bus name.
    /// - Throws: `DBusError` when the connection is lost.
    public func processID(of name: String) async throws -> UInt32? {
        do {
            let reply = try await call(destination: NameOwner.bus, path: "/org/freedesktop/DBus", interface: NameOwner.bus,
                                       member: "GetConnectionUnixProcessID", .string(name))
            return reply.first?.uint32Value
        } catch let error as DBusError where error.code == .remote {
            return nil
        }
    }
}
