import Foundation
import FerryTestSupport
import Testing

/// A desktop of its own for one test: `Xvfb` on a free display, a private session `dbus-daemon`
/// and the real `dunst` notification server. dunst's context menu runs `pick.sh`, which chooses
/// the menu line naming `pick` (the action a user would click). Stopped by PID with SIGKILL: the
/// test runner blocks SIGTERM and children inherit the mask.
final class DesktopSession: @unchecked Sendable {
    let directory: String
    let display: String
    private(set) var address = ""
    private var processes: [Process] = []

    /// - Parameter pick: the label of the action `dunstctl action` chooses from a menu.
    init(pick: String) throws {
        directory = NSTemporaryDirectory() + "ferry-desktop-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        display = Self.freeDisplay()
        try start("/usr/bin/Xvfb", [display, "-screen", "0", "1024x600x24", "-nolisten", "tcp"])
        try Self.busConfiguration(directory).write(toFile: directory + "/bus.conf", atomically: true, encoding: .utf8)
        let output = Pipe()
        let bus = try start("/usr/bin/dbus-daemon", ["--config-file=\(directory)/bus.conf", "--nofork", "--print-address=1"], stdout: output)
        _ = bus
        var bytes: [UInt8] = []
        while let byte = output.fileHandleForReading.readData(ofLength: 1).first, byte != UInt8(ascii: "\n") { bytes.append(byte) }
        address = String(decoding: bytes, as: UTF8.self)
        try "#!/bin/sh\ngrep -m1 '#\(pick) '\n".write(toFile: directory + "/pick.sh", atomically: true, encoding: .utf8)
        chmod(directory + "/pick.sh", 0o755)
        try """
        [global]
            dmenu = \(directory)/pick.sh
            font = DejaVu Sans 11
            width = 560
            offset = 20x20
            origin = top-right
        """.write(toFile: directory + "/dunstrc", atomically: true, encoding: .utf8)
        waitUntil("Xvfb's socket for \(display)") { FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(display.dropFirst())") }
        try start("/usr/bin/dunst", ["-config", directory + "/dunstrc"])
        waitUntil("dunst to answer on the bus") { (try? dunstctl("count", "displayed").status) == 0 }
    }

    deinit {
        for process in processes.reversed() where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        // SIGKILL leaves Xvfb's lock and socket behind; a later session given this display would
        // find the stale socket, take it for its own Xvfb, and wait 30 s for dunst in vain.
        for path in Self.files(of: display) { try? FileManager.default.removeItem(atPath: path) }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A display number with no lock or socket of an X server, running or left behind.
    private static func freeDisplay() -> String {
        var display = ""
        repeat { display = ":\(Int.random(in: 200...900))" } while files(of: display).contains { FileManager.default.fileExists(atPath: $0) }
        return display
    }

    private static func files(of display: String) -> [String] {
        let number = display.dropFirst()
        return ["/tmp/.X\(number)-lock", "/tmp/.X11-unix/X\(number)"]
    }

    /// What a program needs to use this desktop.
    var environment: [String: String] {
        ["DBUS_SESSION_BUS_ADDRESS": address, "DISPLAY": display, "FERRY_NOTIFICATIONS": "on"]
    }

    func dunstctl(_ arguments: String...) throws -> FerryWorld.Outcome {
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        return try FerryWorld.runProgram("/usr/bin/dunstctl", arguments, environment: env)
    }

    /// How many notifications are on the screen now.
    var displayed: Int { Int((try? dunstctl("count", "displayed").stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? "") ?? -1 }

    /// A PNG of the whole screen.
    func screenshot(to path: String) throws {
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        _ = try FerryWorld.runProgram("/usr/bin/import", ["-window", "root", path], environment: env)
    }

    @discardableResult
    private func start(_ program: String, _ arguments: [String], stdout: Pipe? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        if program.hasSuffix("dunst") { env["DBUS_SESSION_BUS_ADDRESS"] = address }
        process.environment = env
        process.standardOutput = stdout ?? FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        processes.append(process)
        return process
    }

    static func busConfiguration(_ directory: String) -> String {
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
