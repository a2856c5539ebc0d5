extension WireFrame {
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
