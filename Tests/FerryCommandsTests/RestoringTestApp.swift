import Foundation
import FerryTestSupport
import Testing

/// A managed app for the state tests: a real Python process that opts in to state preservation.
/// Its state is the list of URLs it opened, padded to `PAD` bytes, sent as `state-data` frames; it
/// records `saved N` when asked for its state and `restored URL,URL…` when a launch brings state
/// back (read from the memory file ferryd passes as `FERRY_STATE_FD`). A launch URL containing
/// `crash-restore` makes it exit while it restores.
enum RestoringTestApp {
    static let script = #"""
    #!/usr/bin/env python3
    import base64, json, os, socket, sys
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
    send({"type": "hello", "protocol": 3, "role": "app", "token": token, "restoration": True})
    assert json.loads(f.readline())["type"] == "welcome"
    opened = []
    pad = int(os.environ.get("PAD", "0"))
    def inherited_state():
        fd = int(os.environ["FERRY_STATE_FD"])
        data = b""
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk: break
            data += chunk
        os.close(fd)
        return data
    for line in f:
        m = json.loads(line)
        event, url = m["event"], m.get("url") or (m.get("options") or {}).get("url") or ""
        if event == "encodeRestorableState":
            state = json.dumps({"urls": opened, "pad": "x" * pad}).encode()
            for start in range(0, len(state), 512 * 1024):
                send({"type": "state-data", "id": m["id"], "data": base64.b64encode(state[start:start + 512 * 1024]).decode()})
            send({"type": "reply", "id": m["id"], "result": True, "archive": {"appVersion": "7", "size": len(state)}})
            record("saved %d" % len(state))
            continue
        record(event + (" " + url if event == "open" else ""))
        if event == "willFinishLaunching" and "archive" in m:
            data = inherited_state()
            info = m["archive"]
            if "crash-restore" in url: sys.exit(3)
            opened = json.loads(data)["urls"]
            record("restored %s bundle=%s idiom=%s app=%s" % (",".join(opened), info.get("bundleVersion"), info.get("interfaceIdiom"), info.get("appVersion")))
        if event == "open": opened.append(url)
        send({"type": "reply", "id": m["id"], "result": True})
        if event == "willTerminate": sys.exit(0)
    """#

    /// Writes `NAME.app` running the script, claiming `scheme`, with `CFBundleVersion` = `version`.
    static func install(in world: FerryWorld, _ identifier: String, scheme: String, version: String = "1.0") throws {
        let bundle = world.apps + "/\(identifier).app"
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        try script.write(toFile: bundle + "/app.py", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bundle + "/app.py")
        let plist: [String: Any] = [
            "CFBundleIdentifier": identifier, "CFBundleExecutable": "app.py", "FerryAppKind": "managed",
            "CFBundleVersion": version, "CFBundleURLTypes": [["CFBundleURLSchemes": [scheme]]],
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
        try data.write(to: URL(fileURLWithPath: bundle + "/Info.plist"))
    }
}

extension FerryWorld {
    /// The saved-state file of `app`.
    func stateFile(_ app: String) -> String { root + "/state/ferry/state/\(app).state" }

    /// ferryd's log.
    var daemonLog: String { (try? String(contentsOfFile: root + "/state/ferry/ferryd.log", encoding: .utf8)) ?? "" }

    /// `ferry state APP --json` as a dictionary, with the exit status.
    func savedState(_ app: String) throws -> (status: Int32, report: [String: Any]) {
        let outcome = try run("state", app, "--json")
        let report = (try? JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]) ?? [:]
        return (outcome.status, report ?? [:])
    }

    /// Waits until ferryd's log contains `text`.
    @discardableResult
    func waitUntilLogged(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        FerryTestSupport.waitUntil("\"\(text)\" in ferryd's log", sourceLocation: sourceLocation) { daemonLog.contains(text) }
    }
}
