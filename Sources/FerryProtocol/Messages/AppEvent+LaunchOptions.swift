extension AppEvent {
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
}
