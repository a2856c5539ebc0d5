import Foundation
import Testing
import FerryTestSupport

/// The built `ferryd`, started by the built `ferry` in a world of its own (apps, data, config,
/// an `/etc` for the clock and locale watcher), with no network: discovery, LocalSend and
/// transfers off. Its managed app is a real Python process speaking the protocol (``script``).
final class LiveDaemon: @unchecked Sendable {
    let root = NSTemporaryDirectory() + "ferry-live-" + UUID().uuidString.prefix(8)
    var apps: String { root + "/apps" }
    var etc: String { root + "/etc" }
    var socket: String { root + "/run/ferryd.sock" }
    /// More variables for ferryd (set before the first command).
    var environment: [String: String] = [:]

    init() throws {
        try FileManager.default.createDirectory(atPath: apps, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: etc + "/default", withIntermediateDirectories: true)
    }

    deinit {
        if let text = try? String(contentsOfFile: socket + ".lock", encoding: .utf8), let pid = pid_t(text) {
            kill(pid, SIGTERM)
            waitUntil("ferryd \(pid) to exit") { kill(pid, 0) != 0 }
        }
        try? FileManager.default.removeItem(atPath: root)
    }

    static var binaries: URL {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return [here, here.deletingLastPathComponent()].first {
            FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("ferry").path)
        } ?? here
    }

    /// Runs `ferry ARGUMENTS`. - Returns: Its exit status and standard output.
    @discardableResult
    func ferry(_ arguments: String...) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = Self.binaries.appendingPathComponent("ferry")
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment
        variables.merge([
            "FERRY_APPS_PATH": apps, "XDG_DATA_HOME": root + "/data", "XDG_CONFIG_HOME": root + "/config",
            "XDG_STATE_HOME": root + "/state", "XDG_DATA_DIRS": root + "/share", "XDG_CONFIG_DIRS": root + "/xdg",
            "FERRY_SOCKET": socket, "FERRY_DAEMON": Self.binaries.appendingPathComponent("ferryd").path,
            "FERRY_DISCOVERY": "off", "FERRY_LOCALSEND_PORT": "off", "FERRY_TRANSFER_PORT": "off",
            "FERRY_NOTIFICATIONS": "off", "FERRY_ETC": etc,
        ]) { $1 }
        variables.removeValue(forKey: "FERRY_NO_DAEMON")
        process.environment = variables.merging(environment) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Installs `NAME.app` (bundle `com.live.NAME`, scheme NAME) running ``script``.
    func install(_ name: String) throws {
        let bundle = apps + "/\(name).app"
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        try Self.script.write(toFile: bundle + "/app.py", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bundle + "/app.py")
        let plist: [String: Any] = ["CFBundleIdentifier": "com.live.\(name)", "CFBundleExecutable": "app.py",
                                    "FerryAppKind": "managed", "CFBundleURLTypes": [["CFBundleURLSchemes": [name]]]]
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
            .write(to: URL(fileURLWithPath: bundle + "/Info.plist"))
    }

    func documents(_ name: String) -> String { root + "/data/ferry/Containers/com.live.\(name)/Documents" }

    /// The events the app recorded, one line each (`event [value] [task]`).
    func events(_ name: String) -> [String] {
        ((try? String(contentsOfFile: documents(name) + "/events", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// `ferry ps --json`'s row of the app.
    func row(_ name: String) throws -> [String: Any]? {
        let rows = try JSONSerialization.jsonObject(with: Data(try ferry("ps", "--json").stdout.utf8)) as? [[String: Any]]
        return rows?.first { $0["bundleId"] as? String == "com.live.\(name)" }
    }

    /// The app's pid, as `ferry ps` shows it.
    func pid(_ name: String) throws -> pid_t? {
        (try row(name)?["pid"] as? NSNumber)?.int32Value
    }

    /// The scheduler state of `pid` in /proc/PID/stat: `T` when stopped (SIGSTOP).
    static func processState(_ pid: pid_t) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(close, offsetBy: 2)...].split(separator: " ").first.map(String.init)
    }

    /// A managed app whose launch URL picks what it does when it enters the background: `task`
    /// begins background task 1 (and `finish` ends it once Documents/finish exists, ticking
    /// Documents/ticks every 50 ms until then), `slow` takes 30 s to answer. It records each event.
    static let script = #"""
    #!/usr/bin/env python3
    import json, os, socket, sys, threading, time
    docs = os.environ["FERRY_DOCUMENTS"]
    def record(line):
        with open(os.path.join(docs, "events"), "a") as f:
            f.write(line + "\n")
    s = socket.socket(socket.AF_UNIX)
    s.connect(os.environ["FERRY_SOCKET"])
    f = s.makefile("r")
    lock = threading.Lock()
    def send(frame):
        with lock:
            s.sendall((json.dumps(frame) + "\n").encode())
    token_fd = int(os.environ["FERRY_LAUNCH_TOKEN_FD"])
    token = os.read(token_fd, 256).decode()
    os.close(token_fd)
    send({"type": "hello", "protocol": 3, "role": "app", "token": token})
    assert json.loads(f.readline())["type"] == "welcome"
    mode = ""
    def work():
        ticks = 0
        while not os.path.exists(os.path.join(docs, "finish")):
            ticks += 1
            with open(os.path.join(docs, "ticks"), "w") as t:
                t.write(str(ticks))
            time.sleep(0.05)
        record("endTask 1")
        send({"type": "background-task", "id": 1, "action": "end"})
    for line in f:
        m = json.loads(line)
        event = m["event"]
        if event == "willFinishLaunching":
            mode = (m.get("options") or {}).get("url") or ""
        words = [event] + [str(m[k]) for k in ("value", "task") if m.get(k) is not None]
        record(" ".join(words))
        if event == "didEnterBackground" and "task" in mode:
            send({"type": "background-task", "id": 1, "action": "begin", "name": "test"})
            if "finish" in mode:
                threading.Thread(target=work, daemon=True).start()
        if event == "didEnterBackground" and "slow" in mode:
            time.sleep(30)
        send({"type": "reply", "id": m["id"], "result": True})
        if event == "willTerminate":
            sys.exit(0)
    """#
}
