extension ClientRequest {
    /// `unlock`: the passphrase (base64 in `data`) adds the class keys (docs/protection.md).
    public struct Unlock: Codable, Sendable, Equatable {
        public var data: String
        public init(data: String) {
            self.data = data
        }
    }

    /// `lock`: the session locked; `mode` `now` removes the keys without the grace.
    public struct Lock: Codable, Sendable, Equatable {
        public var mode: Mode?
        public init(mode: Mode? = nil) {
            self.mode = mode
        }
    }
}
