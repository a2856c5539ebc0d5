import Foundation
import Testing
import FerryTestSupport

/// A managed app for the tests: a real Python process speaking the protocol, whose behaviour
/// the launch URL picks (decline-will, decline-did, hang-launch, crash-launch, slow-open).
enum TestManagedApp {
    static let script = #"""
    #!/usr/bin/env python3
    import json, os, socket, sys, time
    docs = os.environ["FERRY_DOCUMENTS"]
    def record(line):
        with open(os.path.join(docs, "events"), "a") as f:
            f.write(line + "\n")
    s = socket.socket(socket.AF_UNIX)
    s.connect(os.environ["FERRY_SOCKET"])
    f = s.makefile("r")
    def send(frame):
        s.sendall((json.dumps(frame) + "\n").encode())
    token_fd = int(os.environ["FERRY_LAUNCH_TOKEN_FD"])
    token = os.read(token_fd, 256).decode()
    os.close(token_fd)
    send({"type": "hello", "protocol": 3, "role": "app", "token": token})
    assert json.loads(f.readline())["type"] == "welcome"
    for line in f:
        m = json.loads(line)
        event, url = m["event"], m.get("url") or (m.get("options") or {}).get("url") or ""
        record(event + (" " + url if event == "open" else ""))
        result = True
        if event in ("willFinishLaunching", "didFinishLaunching"):
            if "hang-launch" in url: time.sleep(3600)
            if "crash-launch" in url: sys.exit(3)
            result = not (("decline-will" in url and event == "willFinishLaunching") or ("decline-did" in url and event == "didFinishLaunching"))
        if event == "open" and "reject" in url: result = False
        send({"type": "reply", "id": m["id"], "result": result})
        if event == "willTerminate": sys.exit(0)
    """#

    /// Writes `NAME.app` running the script, claiming `scheme`.
    static func install(in world: FerryWorld, _ identifier: String, scheme: String, backgroundModes: [String] = []) throws {
        let bundle = world.apps + "/\(identifier).app"
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        try script.write(toFile: bundle + "/app.py", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bundle + "/app.py")
        var plist: [String: Any] = [
            "CFBundleIdentifier": identifier, "CFBundleExecutable": "app.py", "FerryAppKind": "managed",
            "CFBundleURLTypes": [["CFBundleURLSchemes": [scheme]]],
        ]
        if !backgroundModes.isEmpty { plist["UIBackgroundModes"] = backgroundModes }
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
        try data.write(to: URL(fileURLWithPath: bundle + "/Info.plist"))
    }
}

extension FerryWorld {
    /// The events the managed app `identifier` recorded, waiting until there are `count`.
    func events(_ identifier: String, count: Int = 0, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        let file = documents(identifier) + "/events"
        var lines: [String] = []
        FerryTestSupport.waitUntil("\(count) events from \(identifier)", sourceLocation: sourceLocation) {
            lines = ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            return lines.count >= count
        }
        return lines
    }

    /// `ferry ps --json` as bundle id → (state, pid).
    func ps() throws -> [String: (state: String, pid: Int32?)] {
        let output = try run("ps", "--json").stdout
        let rows = (try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]) ?? []
        var table: [String: (String, Int32?)] = [:]
        for row in rows {
            table[row["bundleId"] as? String ?? ""] = (row["state"] as? String ?? "", (row["pid"] as? NSNumber)?.int32Value)
        }
        return table
    }

    /// Waits until `ferry ps` shows `app` in `state`.
    @discardableResult
    func waitUntil(_ app: String, is state: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        try FerryTestSupport.waitUntil("\(app) to be \(state)", sourceLocation: sourceLocation) { try ps()[app]?.state == state }
    }
}

/// Whether `pid` runs (a zombie waiting to be reaped does not count).
func isAlive(_ pid: Int32) -> Bool {
    guard let state = processState(pid) else { return false }
    return state != "Z" && state != "X"
}

/// The scheduler state of a process from /proc: "T" when stopped.
func processState(_ pid: Int32) -> String? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return nil }
    return stat[stat.index(close, offsetBy: 2)...].split(separator: " ").first.map(String.init)
}

extension TestManagedApp {
    /// com.test.a (suspended once it is in the background 0.3 s), com.test.b (active) and
    /// com.test.music (background, `audio`), each opened once: the three background states at once.
    static func installThreeWithOneSuspended(in world: FerryWorld) throws {
        world.extraEnvironment["FERRY_SUSPEND_AFTER"] = "0.3"
        try install(in: world, "com.test.a", scheme: "aa")
        try install(in: world, "com.test.b", scheme: "bb")
        try install(in: world, "com.test.music", scheme: "mm", backgroundModes: ["audio"])
        #expect(try world.run("open", "mm://1").status == 0)
        #expect(try world.run("open", "aa://1").status == 0)
        #expect(try world.run("open", "bb://1").status == 0)
        try world.waitUntil("com.test.a", is: "suspended")
    }
}
