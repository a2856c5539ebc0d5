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

        /// Version 1's tab-joined row, `status\tapp\tname`.
        public var version1Line: String { "\(status)\t\(app ?? "")\t\(name)" }
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

    /// Version 1's `items`: the typed rows joined with tabs, as protocol 1 sent them.
    public var version1Items: [String]? {
        if let items { return items }
        if let deliveries { return deliveries.map(\.version1Line) }
        if let trusted {
            return trusted.map { row in
                row.autoAccept.map { "\(row.fingerprint)\t\(row.name)\t\($0 ? "auto" : "ask")" } ?? "\(row.fingerprint)\t\(row.name)"
            }
        }
        if let offers {
            return offers.map { "\($0.id)\t\(Self.field($0.sender))\t\($0.files)\t\($0.bytes)\t\($0.fingerprint)\t\(Self.field($0.url ?? ""))" }
        }
        return pairRequests?.map { "\($0.id)\t\($0.name)\t\($0.code)\t\($0.fingerprint)" }
    }

    /// `text` without control characters, for one tab-separated field (a peer's name is its text):
    /// ``PeerText/printable(_:)``, which removes tabs and newlines with the rest.
    static func field(_ text: String) -> String {
        PeerText.printable(text)
    }
}
