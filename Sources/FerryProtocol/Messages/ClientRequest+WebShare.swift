extension ClientRequest {
    /// `web-share`: serve `files` on LocalSend's download API, behind `pin` if given
    /// (docs/localsend.md); answered by `progress` (`shared`, `download`) until the client leaves.
    public struct WebShare: Codable, Sendable, Equatable {
        public var id: Int
        public var files: [String]
        public var pin: String?
        public init(id: Int, files: [String], pin: String? = nil) {
            self.id = id
            self.files = files
            self.pin = pin
        }
    }
}
