import FerryDBus
import Foundation
import FerryTestSupport
import Testing
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A private `dbus-daemon` with python3-dbusmock's notification_daemon template on it, which
/// records every call. Its children are stopped by PID with SIGKILL (the test runner blocks
/// SIGTERM, and children inherit the mask).
final class NotificationBus: @unchecked Sendable {
    let directory: String
    let address: String
    private var processes: [Process] = []

    init() throws {
        directory = NSTemporaryDirectory() + "ferry-notify-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let config = directory + "/bus.conf"
        try Self.configuration(directory).write(toFile: config, atomically: true, encoding: .utf8)
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--config-file=\(config)", "--nofork", "--print-address=1"]
        let output = Pipe()
        daemon.standardOutput = output
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        processes.append(daemon)
        var bytes: [UInt8] = []
        while let byte = output.fileHandleForReading.readData(ofLength: 1).first, byte != UInt8(ascii: "\n") { bytes.append(byte) }
        address = String(decoding: bytes, as: UTF8.self)
    }

    deinit { stop() }

    var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    /// Starts the template; `capabilities` replaces its list (space-separated in dbusmock).
    func startServer(capabilities: [String]? = nil) async throws {
        let mock = Process()
        mock.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        mock.arguments = ["-m", "dbusmock", "--template", "notification_daemon"]
            + (capabilities.map { ["--parameters", "{\"capabilities\": \"\($0.joined(separator: " "))\"}"] } ?? [])
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        mock.environment = env
        mock.standardOutput = FileHandle.nullDevice
        mock.standardError = FileHandle.nullDevice
        try mock.run()
        processes.append(mock)
        let bus = try DBusConnection(address: address)
        let started = try await waitUntil("the notification mock's name on the bus") {
            let reply = try await bus.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "NameHasOwner", .string("org.freedesktop.Notifications"))
            return reply.first?.boolValue == true
        }
        guard started else { throw DBusError(.noBus, "the notification mock did not start") }
    }

    /// The argument lists of every recorded call of `method`, unwrapped from their variants.
    func calls(_ method: String) async throws -> [[DBusValue]] {
        let bus = try DBusConnection(address: address)
        let reply = try await bus.call(
            destination: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
            interface: "org.freedesktop.DBus.Mock", member: "GetMethodCalls", .string(method))
        guard case .array(_, let calls)? = reply.first else { return [] }
        return calls.compactMap { call in
            guard case .structure(let fields) = call, fields.count == 2, case .array(_, let args) = fields[1] else { return nil }
            return args.map(\.unwrapped)
        }
    }

    /// Sends a signal from the server's own connection, as the server would.
    func emit(_ member: String, signature: String, _ arguments: [DBusValue]) async throws {
        let bus = try DBusConnection(address: address)
        _ = try await bus.call(
            destination: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
            interface: "org.freedesktop.DBus.Mock", member: "EmitSignal",
            .string("org.freedesktop.Notifications"), .string(member), .string(signature),
            .array(elementSignature: "v", arguments.map(DBusValue.variant)))
    }

    func stop() {
        for process in processes.reversed() where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        processes = []
        try? FileManager.default.removeItem(atPath: directory)
    }

    static func configuration(_ directory: String) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:dir=\(directory)</listen>
          <auth>EXTERNAL</auth>
          <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
        </busconfig>
        """
    }
}

/// Keeps the messages logged through it, for counting log lines.
struct RecordingLogHandler: LogHandler {
    let record: LogRecord
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String,
             file: String, function: String, line: UInt) {
        record.messages.withLock { $0.append("\(message)") }
    }
}

final class LogRecord: Sendable {
    let messages = Mutex<[String]>([])
    var logger: Logger { Logger(label: "test") { _ in RecordingLogHandler(record: self) } }
    var lines: [String] { messages.withLock { $0 } }
}
