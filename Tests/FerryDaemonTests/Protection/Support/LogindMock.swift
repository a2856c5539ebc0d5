import FerryDBus
import Foundation
import FerryTestSupport
import Testing

/// A private bus used as the system bus (`dbus-daemon`, no service folders, everything allowed) with python3-dbusmock's logind
/// template on it: the real wire, a stand-in logind. Everything it starts is stopped by PID.
final class LogindMock: @unchecked Sendable {
    let directory: String
    let address: String
    private var processes: [Process] = []

    /// Whether the tools are here; without them the tests say SKIPPED loudly.
    static let available: Bool = {
        let ok = FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon")
            && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/dbusmock/templates/logind.py")
        if !ok { print("⚠️  SKIPPED: the logind tests need dbus-daemon and python3-dbusmock; the session lock was not checked") }
        return ok
    }()

    init() throws {
        directory = NSTemporaryDirectory() + "ferry-logind-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let config = directory + "/bus.conf"
        try Self.configuration(directory).write(toFile: config, atomically: true, encoding: .utf8)
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--config-file=\(config)", "--nofork", "--print-address=1"]
        let output = Pipe()
        daemon.standardOutput = output
        try daemon.run()
        processes.append(daemon)
        address = Self.firstLine(output.fileHandleForReading)
        let mock = Process()
        mock.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        mock.arguments = ["-m", "dbusmock", "--system", "--template", "logind"]
        mock.environment = ProcessInfo.processInfo.environment.merging(["DBUS_SYSTEM_BUS_ADDRESS": address]) { $1 }
        mock.standardOutput = FileHandle.nullDevice
        try mock.run()
        processes.append(mock)
    }

    deinit {
        for process in processes.reversed() where process.isRunning {
            // SIGKILL: the test runner blocks SIGTERM, and children inherit the mask.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Waits for logind's name, then adds a session of this user; returns its object path.
    func addSession(_ bus: DBusConnection) async throws -> String {
        try await waitUntil("logind's name on the bus") {
            let owned = try await bus.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                           interface: "org.freedesktop.DBus", member: "NameHasOwner", .string("org.freedesktop.login1"))
            return owned.first?.boolValue == true
        }
        let reply = try await bus.call(destination: "org.freedesktop.login1", path: "/org/freedesktop/login1",
                                       interface: "org.freedesktop.DBus.Mock", member: "AddSession",
                                       .string("c1"), .string("seat0"), .uint32(UInt32(getuid())), .string("tester"), .boolean(true))
        return reply.first?.stringValue ?? ""
    }

    /// What a screen locker does: `Session.SetLockedHint`.
    func setLockedHint(_ locked: Bool, session: String, _ bus: DBusConnection) async throws {
        _ = try await bus.call(destination: "org.freedesktop.login1", path: session,
                               interface: "org.freedesktop.login1.Session", member: "SetLockedHint", .boolean(locked))
    }

    private static func firstLine(_ handle: FileHandle) -> String {
        var bytes: [UInt8] = []
        while let byte = handle.readData(ofLength: 1).first, byte != UInt8(ascii: "\n") { bytes.append(byte) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func configuration(_ directory: String) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:dir=\(directory)</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*"/>
            <allow receive_sender="*"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """
    }
}
