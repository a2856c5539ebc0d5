extension ClientRequest {
    /// `web-share`: serve `files` on LocalSend's download API, behind `pin` if given
    /// (docs/localsend.md); answered by `progress` (`shared`, `download`) until the client leaves.
    public struct WebShare: Codable, Sendable, Equatable {
        public var files: [String]
        public var pin: String?
        public init(files: [String], pin: String? = nil) {
            self.files = files
            self.pin = pin
        }
    }
}
