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

    func options() throws(JSONScanner.Failure) -> AppEvent.LaunchOptions? {
        guard let members = try members() else { return nil }
        return AppEvent.LaunchOptions(url: try field("url", in: members).string(),
                                       sourceApplication: try field("sourceApplication", in: members).string(),
                                       annotation: try field("annotation", in: members).string())
    }

    func command() throws(JSONScanner.Failure) -> DaemonReply.CommandSpec? {
        guard let members = try members() else { return nil }
        guard let executable = try field("executable", in: members).string() else { throw fail("an executable") }
        guard case .array(let list) = field("arguments", in: members).value else { throw fail("arguments") }
        var arguments: [String] = []
        for item in list {
            guard case .string(let argument) = item else { throw fail("string arguments") }
            arguments.append(argument)
        }
        var environment: [DaemonReply.CommandSpec.Variable] = []
        for (name, item) in try field("environment", in: members).members() ?? [] {
            guard case .string(let text) = item else { throw fail("a string environment") }
            environment.append(.init(name: name, value: text))
        }
        // A JSON object's members have no order: keep them in that of their names, as ferryd sends them.
        return DaemonReply.CommandSpec(executable: executable, arguments: arguments,
                                       environment: environment.sorted { $0.name < $1.name })
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

    func archive() throws(JSONScanner.Failure) -> AppEvent.ArchiveInfo? {
        guard let members = try members() else { return nil }
        let savedAt: Double?
        switch field("savedAt", in: members).value {
        case .integer(let value): savedAt = Double(value)
        case .double(let value): savedAt = value
        case .unsigned(let value): savedAt = Double(value)
        default: savedAt = nil
        }
        return AppEvent.ArchiveInfo(bundleVersion: try field("bundleVersion", in: members).string(),
                                     interfaceIdiom: try field("interfaceIdiom", in: members).string(),
                                     appVersion: try field("appVersion", in: members).string(),
                                     savedAt: savedAt, size: try field("size", in: members).int())
    }

    func apps() throws(JSONScanner.Failure) -> [DaemonReply.AppStatus]? {
        guard case .array(let list) = value else {
            if case .null = value { return nil }
            throw fail("an array")
        }
        var rows: [DaemonReply.AppStatus] = []
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
            rows.append(DaemonReply.AppStatus(bundleId: bundleId, state: state, pid: pid, since: since,
                                              backgroundRemainingMs: try row.field("backgroundRemainingMs", in: members).int()))
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

    func peers() throws(JSONScanner.Failure) -> [DaemonReply.PeerRow]? {
        guard case .array(let list) = value else {
            if case .null = value { return nil }
            throw fail("an array")
        }
        var rows: [DaemonReply.PeerRow] = []
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
            var peer = DaemonReply.PeerRow(name: name, host: host, addresses: try row.field("addresses", in: members).strings(),
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
    mutating func options(_ options: AppEvent.LaunchOptions) {
        field("url", options.url)
        field("sourceApplication", options.sourceApplication)
        field("annotation", options.annotation)
    }

    mutating func peer(_ row: DaemonReply.PeerRow) {
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

    mutating func command(_ command: DaemonReply.CommandSpec) {
        field("executable", command.executable)
        strings("arguments", command.arguments)
        object("environment") { writer in
            for variable in command.environment { writer.field(variable.name, variable.value) }
        }
    }

    mutating func archive(_ info: AppEvent.ArchiveInfo) {
        field("bundleVersion", info.bundleVersion)
        field("interfaceIdiom", info.interfaceIdiom)
        field("appVersion", info.appVersion)
        if let savedAt = info.savedAt { field("savedAt", savedAt) }
        field("size", info.size)
    }

    mutating func status(_ row: DaemonReply.AppStatus) {
        field("bundleId", row.bundleId)
        field("state", row.state)
        field("pid", row.pid.map(Int.init))
        field("since", row.since)
        field("backgroundRemainingMs", row.backgroundRemainingMs)
    }
}

// Data protection's report (DaemonReply+Protection.swift).
extension FieldReader {
    func protection() throws(JSONScanner.Failure) -> DaemonReply.ProtectionReport? {
        guard let members = try members() else { return nil }
        guard let lock = try field("lock", in: members).string(),
              let available = try field("available", in: members).bool(),
              let enforced = try field("enforced", in: members).bool() else { throw fail("lock, available and enforced") }
        var keys: [String: String] = [:]
        for (name, item) in try field("keys", in: members).members() ?? [] {
            guard case .string(let state) = item else { throw fail("string key states") }
            keys[name] = state
        }
        return DaemonReply.ProtectionReport(lock: lock, available: available, enforced: enforced, keys: keys,
                                          held: try field("held", in: members).int())
    }
}

extension JSONWriter {
    mutating func protection(_ report: DaemonReply.ProtectionReport) {
        field("lock", report.lock)
        field("available", report.available)
        field("enforced", report.enforced)
        object("keys") { writer in
            for name in report.keys.keys.sorted() { writer.field(name, report.keys[name]) }
        }
        field("held", report.held)
    }
}
