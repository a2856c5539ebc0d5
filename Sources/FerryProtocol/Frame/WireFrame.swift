import FoundationEssentials

/// One frame of the ferryd protocol (`docs/protocol.md`): a JSON object on one line, as the
/// hand-written scanner reads it and the writer writes it. Every layer above reads and writes
/// ``WireMessage``; this flat form is the one codec's, and a test's view of the raw line.
public struct WireFrame: Sendable, Equatable {
    /// The protocol version this build speaks (and sends in `hello`). 3: typed failures instead
    /// of exit codes in results; versions 1 and 2 are no longer served.
    public static let protocolVersion = 3
    /// Every version a daemon of this build accepts in `hello`: 2 differs from 3 only in the
    /// `exitCode` of a failed result, which 3 names as a `failure` (apps never read it).
    public static let acceptedVersions: ClosedRange<Int> = 2...3
    /// The longest frame accepted, newline included.
    public static let maximumLength = 1 << 20

    public var type: String
    public var id: Int?
    public var `protocol`: Int?
    public var role: String?
    public var token: String?
    public var server: String?
    public var bundleId: String?
    public var event: String?
    public var url: String?
    public var options: LaunchOptions?
    public var result: Bool?
    public var app: String?
    public var source: String?
    public var annotation: String?
    public var background: Bool?
    public var wait: Bool?
    public var outcome: String?
    public var pid: Int32?
    public var handled: Bool?
    public var message: String?
    public var code: String?
    /// Why a request failed (``DaemonReply/Failure``).
    public var failure: String?
    public var command: CommandSpec?
    public var apps: [AppStatus]?
    /// HOST:PORT of a manual peer (`peer-add`, `peer-remove`).
    public var address: String?
    public var peers: [PeerRow]?
    // File transfers (docs/protocol.md, "File transfers").
    public var files: [String]?
    public var items: [String]?
    public var host: String?
    public var port: Int?
    public var fingerprint: String?
    public var peer: String?
    public var mode: String?
    public var offer: String?
    /// `trust`: what to do, and for `add` whether offers are taken without asking.
    public var action: String?
    public var autoAccept: Bool?
    /// `pair-confirm`: the asking user's verdict on the code.
    public var confirmed: Bool?
    /// `ferry send --pin`: the PIN a LocalSend receiver asks for.
    public var pin: String?
    public var file: String?
    public var bytes: Int?
    public var total: Int?
    /// A send's progress within its current file: bytes sent of its size.
    public var fileBytes: Int?
    public var fileTotal: Int?
    /// State preservation (`docs/protocol.md`): base64 archive bytes, the app's opt-in in `hello`,
    /// a client's `state` request to remove the archive, and what is known about an archive.
    public var data: String?
    public var restoration: Bool?
    public var discard: Bool?
    public var archive: ArchiveInfo?
    /// Data protection's lock and key state (WireFrame+Protection.swift).
    public var protection: ProtectionReport?
    // Rows of results, as nested objects.
    public var deliveries: [Delivery]?
    public var trusted: [TrustRow]?
    public var offers: [OfferRow]?
    public var pairRequests: [PairRequestRow]?

    public init(type: String, id: Int? = nil) {
        self.type = type
        self.id = id
    }
}

extension WireFrame {
    /// What comes with a URL: the sending app and an annotation (the launch options of a cold launch).
    public struct LaunchOptions: Codable, Sendable, Equatable {
        public var url: String?
        public var sourceApplication: String?
        public var annotation: String?

        public init(url: String? = nil, sourceApplication: String? = nil, annotation: String? = nil) {
            self.url = url
            self.sourceApplication = sourceApplication
            self.annotation = annotation
        }
    }

    /// A command app's launch, for the client to perform so the handler gets the caller's terminal.
    public struct CommandSpec: Codable, Sendable, Equatable {
        public var executable: String
        public var arguments: [String]
        public var environment: [String: String]

        public init(executable: String, arguments: [String], environment: [String: String]) {
            self.executable = executable
            self.arguments = arguments
            self.environment = environment
        }
    }

    /// One row of `ferry ps`.
    public struct AppStatus: Codable, Sendable, Equatable {
        public var bundleId: String
        public var state: String
        public var pid: Int32?
        /// Seconds since the Unix epoch when the app entered `state`.
        public var since: Double

        public init(bundleId: String, state: String, pid: Int32?, since: Double) {
            self.bundleId = bundleId
            self.state = state
            self.pid = pid
            self.since = since
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

