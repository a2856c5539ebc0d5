import Foundation
import FerryTestSupport
import Testing

/// A private session `dbus-daemon` whose only service folder is a temporary one, and a real
/// D-Bus activatable test app (Python, GIO) for it: the bus starts the app on the first `Open`,
/// the app appends each `Open` it gets (its pid, the URIs, the platform-data) as a JSON line to a
/// file. Never the user's session bus or the system bus. Stopped by PID with SIGKILL (the test
/// runner blocks SIGTERM and its children inherit the mask); the apps, children of the bus, are
/// killed by the pids they wrote.
final class DBusActivationBus: @unchecked Sendable {
    let directory: String
    private(set) var address = ""
    private var daemon: Process?

    /// The interpreter with python3-gi: Debian's, not a pyenv shim.
    static let python = "/usr/bin/python3"

    /// Runs argv[1:] with no signal blocked and SIGPIPE at its default.
    static let unblockAndRun = "import os, signal, sys; signal.signal(signal.SIGPIPE, signal.SIG_DFL); "
        + "signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])"

    /// Why these tests cannot run here, or nil when they can.
    static var missing: String? {
        if !FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon") { return "skipped: dbus-daemon not installed (apt-get install dbus)" }
        let gi = try? FerryWorld.runProgram(python, ["-c", "from gi.repository import Gio, GLib"])
        if gi?.status != 0 { return "skipped: python3-gi not installed (apt-get install python3-gi gir1.2-glib-2.0)" }
        return nil
    }

    init() throws {
        directory = NSTemporaryDirectory() + "ferry-dbus-activation-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: directory + "/services", withIntermediateDirectories: true)
        try Self.configuration(directory).write(toFile: directory + "/bus.conf", atomically: true, encoding: .utf8)
        try Self.appScript.write(toFile: directory + "/app.py", atomically: true, encoding: .utf8)
        let process = Process()
        // Through python3 to clear the signal mask the runner's threads pass on: the bus's spawn
        // helper waits for SIGCHLD, and with it blocked an activation that fails never ends.
        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = ["-c", Self.unblockAndRun, "/usr/bin/dbus-daemon",
                             "--config-file=\(directory)/bus.conf", "--nofork", "--print-address=1"]
        // Activated apps inherit this: nothing of the user's session may leak into them.
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("DBUS_") }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        daemon = process
        var bytes: [UInt8] = []
        while let byte = output.fileHandleForReading.readData(ofLength: 1).first, byte != UInt8(ascii: "\n") { bytes.append(byte) }
        address = String(decoding: bytes, as: UTF8.self)
    }

    deinit {
        for pid in appPIDs() where kill(pid, 0) == 0 { kill(pid, SIGKILL) }
        if let daemon, daemon.isRunning {
            kill(daemon.processIdentifier, SIGKILL)
            daemon.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// How the test app behaves: answers Open, never answers it, or answers with an error.
    enum Mode: String {
        case answer, hang, refuse
    }

    /// Installs a service file for `name` that runs the test app (or `exec`, when given).
    func addService(_ name: String, mode: Mode = .answer, exec: String? = nil) throws {
        let command = exec ?? "\(Self.python) \(directory)/app.py \(name) \(record(name)) \(mode.rawValue)"
        try "[D-BUS Service]\nName=\(name)\nExec=\(command)\n"
            .write(toFile: directory + "/services/\(name).service", atomically: true, encoding: .utf8)
    }

    /// Where the app for `name` records what it got.
    func record(_ name: String) -> String { directory + "/\(name).opens" }

    /// One `Open` as the app got it.
    struct Received: Decodable, Equatable {
        var pid: Int32
        var uris: [String]
        var platform: [String: String]
    }

    /// The `Open` calls the app for `name` got, once there are `count` of them.
    func received(_ name: String, count: Int = 1) -> [Received] {
        var opens: [Received] = []
        waitUntil("\(count) Open call(s) to \(name)") {
            let lines = (FileManager.default.contents(atPath: record(name)) ?? Data()).split(separator: UInt8(ascii: "\n"))
            opens = lines.compactMap { try? JSONDecoder().decode(Received.self, from: Data($0)) }
            return opens.count >= count
        }
        return opens
    }

    /// Pids the test apps wrote when they started.
    private func appPIDs() -> [pid_t] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".pid") }.compactMap {
            (try? String(contentsOfFile: directory + "/" + $0, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
    }

    /// DesktopSession's private session bus, with a service folder of its own (and no other).
    static func configuration(_ directory: String) -> String {
        DesktopSession.busConfiguration(directory)
            .replacingOccurrences(of: "  <auth>", with: "  <servicedir>\(directory)/services</servicedir>\n  <auth>")
    }

    /// The activatable app: owns NAME on the bus that started it (DBUS_STARTER_ADDRESS), serves
    /// org.freedesktop.Application at the path the specification derives, and records each Open.
    static let appScript = #"""
        import json, os, sys
        from gi.repository import Gio, GLib
        name, record, mode = sys.argv[1], sys.argv[2], sys.argv[3]
        with open(record[:-len(".opens")] + ".pid", "w") as f:
            f.write(str(os.getpid()))
        path = "/" + name.replace(".", "/").replace("-", "_")
        node = Gio.DBusNodeInfo.new_for_xml("""<node><interface name="org.freedesktop.Application">
          <method name="Activate"><arg type="a{sv}" direction="in"/></method>
          <method name="Open"><arg type="as" direction="in"/><arg type="a{sv}" direction="in"/></method>
          <method name="ActivateAction"><arg type="s" direction="in"/><arg type="av" direction="in"/><arg type="a{sv}" direction="in"/></method>
        </interface></node>""")
        held = []
        def call(connection, sender, object_path, interface, method, parameters, invocation):
            if method != "Open":
                invocation.return_value(None)
                return
            if mode == "hang":
                held.append(invocation)
                return
            uris, platform = parameters.unpack()
            with open(record, "a") as f:
                f.write(json.dumps({"pid": os.getpid(), "uris": uris, "platform": platform}) + "\n")
            if mode == "refuse":
                invocation.return_dbus_error("org.example.Error.Refused", "will not open that")
            else:
                invocation.return_value(None)
        loop = GLib.MainLoop()
        def bus_acquired(connection, _):
            connection.register_object(path, node.interfaces[0], call, None, None)
        Gio.bus_own_name(Gio.BusType.STARTER, name, Gio.BusNameOwnerFlags.NONE, bus_acquired, None, lambda *_: loop.quit())
        loop.run()
        """#
}
