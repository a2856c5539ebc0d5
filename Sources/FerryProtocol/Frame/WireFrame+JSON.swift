/// WireFrame to and from JSON by hand: the protocol's hot path, several times faster than Codable.
extension WireFrame {
    /// Reads a frame from one JSON object; unknown fields are ignored.
    init(json value: JSONValue) throws(JSONScanner.Failure) {
        guard case .object(let members) = value else { throw JSONScanner.Failure(reason: "expected a JSON object with a string \"type\"") }
        guard case .string(let type)? = members.first(where: { $0.0 == "type" })?.1 else {
            throw JSONScanner.Failure(reason: "missing field \"type\" (see docs/protocol.md)")
        }
        self.init(type: type)
        for (key, value) in members { try assign(key, value) }
    }

    private mutating func assign(_ key: String, _ value: JSONValue) throws(JSONScanner.Failure) {
        let field = FieldReader(key: key, value: value)
        switch key {
        case "id": id = try field.int()
        case "protocol": self.protocol = try field.int()
        case "role": role = try field.string()
        case "token": token = try field.string()
        case "server": server = try field.string()
        case "bundleId": bundleId = try field.string()
        case "event": event = try field.string()
        case "url": url = try field.string()
        case "options": options = try field.options()
        case "result": result = try field.bool()
        case "app": app = try field.string()
        case "source": source = try field.string()
        case "annotation": annotation = try field.string()
        case "background": background = try field.bool()
        case "wait": wait = try field.bool()
        case "outcome": outcome = try field.string()
        case "pid": pid = try field.int32()
        case "handled": handled = try field.bool()
        case "message": message = try field.string()
        case "code": code = try field.string()
        case "failure": failure = try field.string()
        case "command": command = try field.command()
        case "apps": apps = try field.apps()
        case "address": address = try field.string()
        case "peers": peers = try field.peers()
        case "files": files = try field.strings()
        case "items": items = try field.strings()
        case "host": host = try field.string()
        case "port": port = try field.int()
        case "fingerprint": fingerprint = try field.string()
        case "peer": peer = try field.string()
        case "mode": mode = try field.string()
        case "offer": offer = try field.string()
        case "action": action = try field.string()
        case "autoAccept": autoAccept = try field.bool()
        case "confirmed": confirmed = try field.bool()
        case "deliveries": deliveries = try field.rows { row throws(JSONScanner.Failure) in try row.delivery() }
        case "trusted": trusted = try field.rows { row throws(JSONScanner.Failure) in try row.trustRow() }
        case "offers": offers = try field.rows { row throws(JSONScanner.Failure) in try row.offerRow() }
        case "pairRequests": pairRequests = try field.rows { row throws(JSONScanner.Failure) in try row.pairRequestRow() }
        case "pin": pin = try field.string()
        case "file": file = try field.string()
        case "bytes": bytes = try field.int()
        case "total": total = try field.int()
        case "fileBytes": fileBytes = try field.int()
        case "fileTotal": fileTotal = try field.int()
        case "data": data = try field.string()
        case "restoration": restoration = try field.bool()
        case "discard": discard = try field.bool()
        case "archive": archive = try field.archive()
        case "protection": protection = try field.protection()
        default: break
        }
    }

    /// The frame as one line of JSON, keys in a fixed order, nil fields left out.
    func jsonLine() -> [UInt8] {
        var out = JSONWriter()
        out.field("type", type)
        out.field("id", id)
        out.field("protocol", self.protocol)
        out.field("role", role)
        out.field("token", token)
        out.field("server", server)
        out.field("bundleId", bundleId)
        out.field("event", event)
        out.field("url", url)
        if let options { out.object("options") { $0.options(options) } }
        out.field("result", result)
        out.field("app", app)
        out.field("source", source)
        out.field("annotation", annotation)
        out.field("background", background)
        out.field("wait", wait)
        out.field("outcome", outcome)
        out.field("pid", pid.map(Int.init))
        out.field("handled", handled)
        out.field("message", message)
        out.field("code", code)
        out.field("failure", failure)
        if let command { out.object("command") { $0.command(command) } }
        if let apps { out.array("apps", apps) { $0.status($1) } }
        out.field("address", address)
        if let peers { out.array("peers", peers) { $0.peer($1) } }
        out.strings("files", files)
        out.strings("items", items)
        out.field("host", host)
        out.field("port", port)
        out.field("fingerprint", fingerprint)
        out.field("peer", peer)
        out.field("mode", mode)
        out.field("offer", offer)
        out.field("action", action)
        out.field("autoAccept", autoAccept)
        out.field("confirmed", confirmed)
        out.field("pin", pin)
        out.field("file", file)
        out.field("bytes", bytes)
        out.field("total", total)
        out.field("fileBytes", fileBytes)
        out.field("fileTotal", fileTotal)
        out.field("data", data)
        out.field("restoration", restoration)
        out.field("discard", discard)
        if let archive { out.object("archive") { $0.archive(archive) } }
        if let protection { out.object("protection") { $0.protection(protection) } }
        out.rows(self)
        return out.finish()
    }
}

/// Typed access to one member's value, naming the field when the type is wrong.
struct FieldReader {
    let key: String
    let value: JSONValue

    func fail(_ expected: String) -> JSONScanner.Failure {
        JSONScanner.Failure(reason: "bad field \(key): expected \(expected)")
    }

    func string() throws(JSONScanner.Failure) -> String? {
        switch value {
        case .null: return nil
        case .string(let string): return string
        default: throw fail("a string")
        }
    }

    func int() throws(JSONScanner.Failure) -> Int? {
        switch value {
        case .null: return nil
        case .integer(let int): return int
        default: throw fail("an integer")
        }
    }

    /// As Codable reads Int32: one out of range is refused, not truncated (a pid of 2^32 + 1 is not 1).
    func int32() throws(JSONScanner.Failure) -> Int32? {
        guard let int = try int() else { return nil }
        guard let narrow = Int32(exactly: int) else { throw fail("a 32-bit integer") }
        return narrow
    }

    func bool() throws(JSONScanner.Failure) -> Bool? {
        switch value {
        case .null: return nil
        case .bool(let bool): return bool
        default: throw fail("a boolean")
        }
    }

    func members() throws(JSONScanner.Failure) -> [(String, JSONValue)]? {
        switch value {
        case .null: return nil
        case .object(let members): return members
        default: throw fail("an object")
        }
    }

    func field(_ name: String, in members: [(String, JSONValue)]) -> FieldReader {
        FieldReader(key: "\(key).\(name)", value: members.first { $0.0 == name }?.1 ?? .null)
    }

    func options() throws(JSONScanner.Failure) -> WireFrame.LaunchOptions? {
        guard let members = try members() else { return nil }
        return WireFrame.LaunchOptions(url: try field("url", in: members).string(),
                                       sourceApplication: try field("sourceApplication", in: members).string(),
                                       annotation: try field("annotation", in: members).string())
    }

    func command() throws(JSONScanner.Failure) -> WireFrame.CommandSpec? {
        guard let members = try members() else { return nil }
        guard let executable = try field("executable", in: members).string() else { throw fail("an executable") }
        guard case .array(let list) = field("arguments", in: members).value else { throw fail("arguments") }
        var arguments: [String] = []
        for item in list {
            guard case .string(let argument) = item else { throw fail("string arguments") }
            arguments.append(argument)
        }
        var environment: [String: String] = [:]
        for (name, item) in try field("environment", in: members).members() ?? [] {
            guard case .string(let text) = item else { throw fail("a string environment") }
            environment[name] = text
        }
        return WireFrame.CommandSpec(executable: executable, arguments: arguments, environment: environment)
    }

    func strings() throws(JSONScanner.Failure) -> [String]? {
        guard case .array(let list) = value else {
            if case .null = value { return nil }
            throw fail("an array of strings")
        }
        var strings: [String] = []
        for item in list {
            guard case .string(let text) = item else { throw fail("an array of strings") }
            strings.append(text)
        }
        return strings
    }

    func archive() throws(JSONScanner.Failure) -> WireFrame.ArchiveInfo? {
        guard let members = try members() else { return nil }
        let savedAt: Double?
        switch field("savedAt", in: members).value {
        case .integer(let value): savedAt = Double(value)
        case .double(let value): savedAt = value
        case .unsigned(let value): savedAt = Double(value)
        default: savedAt = nil
        }
        return WireFrame.ArchiveInfo(bundleVersion: try field("bundleVersion", in: members).string(),
                                     interfaceIdiom: try field("interfaceIdiom", in: members).string(),
                                     appVersion: try field("appVersion", in: members).string(),
                                     savedAt: savedAt, size: try field("size", in: members).int())
    }

    func apps() throws(JSONScanner.Failure) -> [WireFrame.AppStatus]? {
        guard case .array(let list) = value else {
            if case .null = value { return nil }
            throw fail("an array")
        }
        var rows: [WireFrame.AppStatus] = []
        for item in list {
            let row = FieldReader(key: key, value: item)
            guard let members = try row.members(),
                  let bundleId = try row.field("bundleId", in: members).string(),
                  let state = try row.field("state", in: members).string() else { throw fail("app rows") }
            let pid = try row.field("pid", in: members).int32()
            let since: Double
            switch row.field("since", in: members).value {
            case .integer(let value): since = Double(value)
            case .double(let value): since = value
            case .unsigned(let value): since = Double(value)
            default: throw fail("a number since")
            }
            rows.append(WireFrame.AppStatus(bundleId: bundleId, state: state, pid: pid, since: since))
        }
        return rows
    }
}

extension FieldReader {
    func strings() throws(JSONScanner.Failure) -> [String] {
        guard case .array(let list) = value else { throw fail("an array of strings") }
        var strings: [String] = []
        for item in list {
            guard case .string(let text) = item else { throw fail("an array of strings") }
            strings.append(text)
        }
        return strings
    }

    func peers() throws(JSONScanner.Failure) -> [WireFrame.PeerRow]? {
        guard case .array(let list) = value else {
            if case .null = value { return nil }
            throw fail("an array")
        }
        var rows: [WireFrame.PeerRow] = []
        for item in list {
            let row = FieldReader(key: key, value: item)
            guard let members = try row.members(),
                  let name = try row.field("name", in: members).string(),
                  let host = try row.field("host", in: members).string(),
                  let port = try row.field("port", in: members).int(),
                  let source = try row.field("source", in: members).string() else { throw fail("peer rows") }
            let lastSeen: Double
            switch row.field("lastSeen", in: members).value {
            case .integer(let value): lastSeen = Double(value)
            case .double(let value): lastSeen = value
            case .unsigned(let value): lastSeen = Double(value)
            default: throw fail("a number lastSeen")
            }
            var peer = WireFrame.PeerRow(name: name, host: host, addresses: try row.field("addresses", in: members).strings(),
                                         port: port, source: source, lastSeen: lastSeen)
            peer.deviceId = try row.field("deviceId", in: members).string()
            peer.fingerprint = try row.field("fingerprint", in: members).string()
            peer.mode = try row.field("mode", in: members).string()
            peer.protocolVersion = try row.field("protocolVersion", in: members).int()
            peer.reachable = try row.field("reachable", in: members).bool()
            peer.model = try row.field("model", in: members).string()
            peer.deviceType = try row.field("deviceType", in: members).string()
            rows.append(peer)
        }
        return rows
    }
}

/// The nested parts of wire frames.
extension JSONWriter {
    mutating func options(_ options: WireFrame.LaunchOptions) {
        field("url", options.url)
        field("sourceApplication", options.sourceApplication)
        field("annotation", options.annotation)
    }

    mutating func peer(_ row: WireFrame.PeerRow) {
        field("name", row.name)
        field("host", row.host)
        strings("addresses", row.addresses)
        field("port", row.port)
        field("source", row.source)
        field("deviceId", row.deviceId)
        field("fingerprint", row.fingerprint)
        field("mode", row.mode)
        field("protocolVersion", row.protocolVersion)
        field("lastSeen", row.lastSeen)
        field("reachable", row.reachable)
        field("model", row.model)
        field("deviceType", row.deviceType)
    }

    mutating func command(_ command: WireFrame.CommandSpec) {
        field("executable", command.executable)
        strings("arguments", command.arguments)
        object("environment") { writer in
            for name in command.environment.keys.sorted() { writer.field(name, command.environment[name]) }
        }
    }

    mutating func archive(_ info: WireFrame.ArchiveInfo) {
        field("bundleVersion", info.bundleVersion)
        field("interfaceIdiom", info.interfaceIdiom)
        field("appVersion", info.appVersion)
        if let savedAt = info.savedAt { field("savedAt", savedAt) }
        field("size", info.size)
    }

    mutating func status(_ row: WireFrame.AppStatus) {
        field("bundleId", row.bundleId)
        field("state", row.state)
        field("pid", row.pid.map(Int.init))
        field("since", row.since)
    }
}

// Data protection's report (WireFrame+Protection.swift).
extension FieldReader {
    func protection() throws(JSONScanner.Failure) -> WireFrame.ProtectionReport? {
        guard let members = try members() else { return nil }
        guard let lock = try field("lock", in: members).string(),
              let available = try field("available", in: members).bool(),
              let enforced = try field("enforced", in: members).bool() else { throw fail("lock, available and enforced") }
        var keys: [String: String] = [:]
        for (name, item) in try field("keys", in: members).members() ?? [] {
            guard case .string(let state) = item else { throw fail("string key states") }
            keys[name] = state
        }
        return WireFrame.ProtectionReport(lock: lock, available: available, enforced: enforced, keys: keys,
                                          held: try field("held", in: members).int())
    }
}

extension JSONWriter {
    mutating func protection(_ report: WireFrame.ProtectionReport) {
        field("lock", report.lock)
        field("available", report.available)
        field("enforced", report.enforced)
        object("keys") { writer in
            for name in report.keys.keys.sorted() { writer.field(name, report.keys[name]) }
        }
        field("held", report.held)
    }
}
