extension ClientRequest {
    /// `unlock`: the passphrase (base64 in `data`) adds the class keys (docs/protection.md).
    public struct Unlock: Codable, Sendable, Equatable {
        public var id: Int
        public var data: String
        public init(id: Int, data: String) {
            self.id = id
            self.data = data
        }
    }

    /// `lock`: the session locked; `mode` `now` removes the keys without the grace.
    public struct Lock: Codable, Sendable, Equatable {
        public var id: Int
        public var mode: Mode?
        public init(id: Int, mode: Mode? = nil) {
            self.id = id
            self.mode = mode
        }
    }
}
