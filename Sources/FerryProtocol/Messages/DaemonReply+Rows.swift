extension DaemonReply {
    /// One file of a delivered `send`: its status, the app that received it and its name in that
    /// app's Inbox.
    public struct Delivery: Codable, Sendable, Equatable {
        public var status: String
        public var app: String?
        public var name: String

        public init(status: String, app: String?, name: String) {
            self.status = status
            self.app = app
            self.name = name
        }

        /// The tab-joined row `status\tapp\tname` that `ferry send --json` prints as `items`.
        public var tabSeparatedLine: String { "\(status)\t\(app ?? "")\t\(name)" }
    }

    /// One trusted device (`trust` list, add and revoke).
    public struct TrustRow: Codable, Sendable, Equatable {
        public var fingerprint: String
        public var name: String
        /// Whether its offers are accepted without asking; nil where the answer does not say (revoke).
        public var autoAccept: Bool?

        public init(fingerprint: String, name: String, autoAccept: Bool? = nil) {
            self.fingerprint = fingerprint
            self.name = name
            self.autoAccept = autoAccept
        }
    }

    /// One offer waiting for this user's answer (`pending`).
    public struct OfferRow: Codable, Sendable, Equatable {
        public var id: String
        public var sender: String
        public var files: Int
        public var bytes: UInt64
        public var fingerprint: String
        public var url: String?

        public init(id: String, sender: String, files: Int, bytes: UInt64, fingerprint: String, url: String? = nil) {
            self.id = id
            self.sender = sender
            self.files = files
            self.bytes = bytes
            self.fingerprint = fingerprint
            self.url = url
        }
    }

    /// One pair request waiting for this user's answer (`pair-pending`).
    public struct PairRequestRow: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        public var code: String
        public var fingerprint: String

        public init(id: String, name: String, code: String, fingerprint: String) {
            self.id = id
            self.name = name
            self.code = code
            self.fingerprint = fingerprint
        }
    }
}

extension DaemonReply {
    /// A command app's launch, for the client to perform so the handler gets the caller's terminal.
    public struct CommandSpec: Codable, Sendable, Equatable {
        public var executable: String
        public var arguments: [String]
        /// The variables ferryd sets for the app, in the order of their names. A list, not a
        /// dictionary: reading one then costs `ferry open` no run-time check of String: Hashable,
        /// a scan of every conformance record in the binary (issue 26).
        public var environment: [Variable]

        public init(executable: String, arguments: [String], environment: [Variable]) {
            self.executable = executable
            self.arguments = arguments
            self.environment = environment
        }

        /// `environment` in the order of its names.
        public init(executable: String, arguments: [String], environment: [String: String]) {
            self.init(executable: executable, arguments: arguments,
                      environment: environment.map { Variable(name: $0.key, value: $0.value) }.sorted { $0.name < $1.name })
        }

        /// The value of the variable `name`.
        public func value(of name: String) -> String? {
            environment.first { $0.name == name }?.value
        }

        /// `NAME=value`, as a process environment holds it.
        public var entries: [String] { environment.map { $0.name + "=" + $0.value } }

        public struct Variable: Codable, Sendable, Equatable {
            public var name: String
            public var value: String

            public init(name: String, value: String) {
                self.name = name
                self.value = value
            }
        }
    }

    /// One row of `ferry ps`.
    public struct AppStatus: Codable, Sendable, Equatable {
        public var bundleId: String
        public var state: String
        public var pid: Int32?
        /// Seconds since the Unix epoch when the app entered `state`.
        public var since: Double
        /// In the background: what is left of its background-task budget, in milliseconds.
        public var backgroundRemainingMs: Int?

        public init(bundleId: String, state: String, pid: Int32?, since: Double, backgroundRemainingMs: Int? = nil) {
            self.bundleId = bundleId
            self.state = state
            self.pid = pid
            self.since = since
            self.backgroundRemainingMs = backgroundRemainingMs
        }
    }

    /// One row of `ferry peers`.
    public struct PeerRow: Codable, Sendable, Equatable {
        public var name: String
        public var host: String
        public var addresses: [String]
        public var port: Int
        /// multicast (found through Avahi) or manual.
        public var source: String
        public var deviceId: String?
        public var fingerprint: String?
        public var mode: String?
        public var protocolVersion: Int?
        /// Seconds since the Unix epoch of the last announcement or answered liveness check.
        public var lastSeen: Double
        /// Whether it answered its last liveness check; nil when not checked yet.
        public var reachable: Bool?
        /// A LocalSend device's model and type (`mobile`, `desktop`, ...); nil for Ferry peers.
        public var model: String?
        public var deviceType: String?

        public init(name: String, host: String, addresses: [String], port: Int, source: String, lastSeen: Double) {
            self.name = name
            self.host = host
            self.addresses = addresses
            self.port = port
            self.source = source
            self.lastSeen = lastSeen
        }
    }
}
