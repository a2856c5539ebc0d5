import Foundation
import FerryTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif
import FerryDBus

/// A private `dbus-daemon` for one test, with no service directories (nothing is auto-started),
/// plus python3-dbusmock services on it. Everything it starts is stopped by PID in `stop()`.
final class PrivateBus: @unchecked Sendable {
    let directory: URL
    let address: String
    private var processes: [Process] = []

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-dbus-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("bus.conf")
        try Self.configuration(socketDirectory: directory.path).write(to: config, atomically: true, encoding: .utf8)
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--config-file=\(config.path)", "--nofork", "--print-address=1"]
        let output = Pipe()
        daemon.standardOutput = output
        try daemon.run()
        processes.append(daemon)
        address = try Self.firstLine(of: output.fileHandleForReading)
    }

    /// The environment a child needs to use this bus as its session bus.
    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        return env
    }

    /// Starts `python3 -m dbusmock` with `arguments` and waits until `name` is on the bus.
    func startMock(name: String, _ arguments: [String]) async throws {
        let mock = Process()
        mock.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        mock.arguments = ["-m", "dbusmock"] + arguments
        mock.environment = environment
        mock.standardOutput = FileHandle.nullDevice
        try mock.run()
        processes.append(mock)
        try await waitForName(name)
    }

    /// Starts the notification_daemon template (optionally with other capabilities).
    func startNotificationMock(capabilities: [String]? = nil) async throws {
        var arguments = ["--template", "notification_daemon"]
        if let capabilities { arguments += ["--parameters", "{\"capabilities\": \"\(capabilities.joined(separator: " "))\"}"] }
        try await startMock(name: "org.freedesktop.Notifications", arguments)
    }

    func waitForName(_ name: String) async throws {
        let bus = try DBusConnection(address: address)
        let appeared = try await waitUntil("\(name) on the private bus") {
            let reply = try await bus.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "NameHasOwner", .string(name))
            return reply.first?.boolValue == true
        }
        guard appeared else { throw DBusError(.noBus, "\(name) did not appear on the private bus") }
    }

    /// Stops the daemon and the mocks (by PID) and removes the directory.
    func stop() {
        for process in processes.reversed() { Self.kill(process) }
        processes = []
        try? FileManager.default.removeItem(at: directory)
    }

    /// Stops only the bus daemon, to test a bus that goes away.
    func stopDaemon() {
        guard let daemon = processes.first else { return }
        Self.kill(daemon)
    }

    /// SIGKILL, not SIGTERM: the test runner blocks SIGTERM and its children inherit that mask,
    /// so `terminate()` would leave them running and `waitUntilExit()` would wait for ever.
    static func kill(_ process: Process) {
        guard process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    private static func firstLine(of handle: FileHandle) throws -> String {
        var bytes: [UInt8] = []
        while true {
            let chunk = handle.readData(ofLength: 1)
            guard let byte = chunk.first else { throw DBusError(.noBus, "dbus-daemon printed no address") }
            if byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func configuration(socketDirectory: String) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:dir=\(socketDirectory)</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """
    }
}

/// Runs `body` with a fresh private bus and stops it afterwards.
func withPrivateBus<T>(_ body: (PrivateBus) async throws -> T) async throws -> T {
    let bus = try PrivateBus()
    defer { bus.stop() }
    return try await body(bus)
}
