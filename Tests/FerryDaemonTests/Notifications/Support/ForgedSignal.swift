import FerryDBus
import Foundation

/// What any client of a bus can do: send a signal addressed to another connection's unique name
/// (a unicast signal, which the bus delivers whatever the receiver's match rules say), with the
/// path, interface and member a real service uses. Sent with `gdbus emit`, a client of its own.
enum ForgedSignal {
    /// Sends the signal to every connection on the bus at `address` but the owner of `service`.
    ///
    /// - Parameter arguments: GVariant text, one per argument (`uint32 1`, `'accept'`).
    static func send(address: String, service: String, path: String, signal: String, _ arguments: [String]) async throws {
        let bus = try DBusConnection(address: address)
        let dbus = (destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus")
        let owner = try await bus.call(destination: dbus.destination, path: dbus.path, interface: dbus.interface,
                                       member: "GetNameOwner", .string(service)).first?.stringValue
        let names = try await bus.call(destination: dbus.destination, path: dbus.path, interface: dbus.interface,
                                       member: "ListNames").first?.stringArray ?? []
        for name in names where name.hasPrefix(":") && name != owner {
            let gdbus = Process()
            gdbus.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
            gdbus.arguments = ["emit", "--address", address, "--dest", name, "--object-path", path, "--signal", signal] + arguments
            gdbus.standardOutput = FileHandle.nullDevice
            gdbus.standardError = FileHandle.nullDevice
            try gdbus.run()
            gdbus.waitUntilExit()
            guard gdbus.terminationStatus == 0 else { throw DBusError(.io, "gdbus emit to \(name) failed") }
        }
    }
}
