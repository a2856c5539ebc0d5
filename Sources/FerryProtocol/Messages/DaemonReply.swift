/// What the daemon answers a client's request with, in an ``Envelope`` carrying the request's
/// `id`: one `result` per request, `progress` before it for long requests (`send`, pairing).
/// The `peer` changes after a watching `peers` answer no request (``WireMessage/peer(_:)``).
public enum DaemonReply: Sendable, Equatable {
    case result(Result)
    case progress(Progress)

    /// The answer to a request. `outcome` says how it went; the other fields are those of the
    /// request's kind (docs/protocol.md lists them per request).
    public struct Result: Codable, Sendable, Equatable {
        public var outcome: Outcome
        public var app: String?
        public var pid: Int32?
        public var handled: Bool?
        public var message: String?
        /// Pairing: the six-digit code.
        public var code: String?
        /// Why a `failed` request failed; the CLI picks its exit status from it.
        public var failure: Failure?
        /// A command app's launch, for the client to perform.
        public var command: DaemonReply.CommandSpec?
        public var apps: [DaemonReply.AppStatus]?
        public var peers: [DaemonReply.PeerRow]?
        public var address: String?
        /// `receiving`: the mode now in force.
        public var mode: ClientRequest.Receiving.Mode?
        public var peer: String?
        public var fingerprint: String?
        public var offer: String?
        public var deliveries: [DaemonReply.Delivery]?
        public var trusted: [DaemonReply.TrustRow]?
        public var offers: [DaemonReply.OfferRow]?
        public var pairRequests: [DaemonReply.PairRequestRow]?
        public var archive: AppEvent.ArchiveInfo?
        /// Data protection's lock and keys (`unlock`, `lock`, `protection-status`, `ps`).
        public var protection: DaemonReply.ProtectionReport?

        public init(outcome: Outcome) {
            self.outcome = outcome
        }
    }

    /// A step of a request: `waiting`, `accepted`, `progress`, `file-done`.
    public struct Progress: Codable, Sendable, Equatable {
        public var event: Event
        public var file: String?
        public var files: [String]?
        public var bytes: Int?
        public var total: Int?
        public var fileBytes: Int?
        public var fileTotal: Int?
        /// A line for the user (the web share's `shared` and `download`).
        public var message: String?
        /// The web share's URLs (`shared`).
        public var items: [String]?

        public init(event: Event) {
            self.event = event
        }
    }

    /// A peer `added`, `updated` or `removed` (with the reason in `message`).
    public struct PeerChange: Codable, Sendable, Equatable {
        public var event: Event
        public var message: String?
        public var peers: [DaemonReply.PeerRow]

        public init(event: Event, message: String? = nil, peers: [DaemonReply.PeerRow]) {
            self.event = event
            self.message = message
            self.peers = peers
        }
    }
}
