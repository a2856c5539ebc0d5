extension AppReply {
    /// The most restorable state one app may save, in bytes (8 MiB).
    public static let maximumArchiveSize = 8 << 20
    /// Archive bytes per `state-data` message (512 KiB): base64 makes that about 700 KB, which
    /// keeps every line under ``WireCodec/maximumLength``.
    public static let stateChunkSize = 512 << 10
}

extension AppEvent {
    /// What is known about a saved state archive besides its bytes: the reserved keys and the app's
    /// own version (`docs/protocol.md`, "State preservation").
    public struct ArchiveInfo: Codable, Sendable, Equatable {
        /// `CFBundleVersion` of the app that saved it (ferryd fills it in from the manifest).
        public var bundleVersion: String?
        /// The interface idiom it was saved under (`desktop` on Linux).
        public var interfaceIdiom: String?
        /// The version the app wrote itself, in `willEncodeRestorableState`.
        public var appVersion: String?
        /// When it was saved, in seconds since the Unix epoch.
        public var savedAt: Double?
        /// The archive's length in bytes.
        public var size: Int?

        public init(bundleVersion: String? = nil, interfaceIdiom: String? = nil, appVersion: String? = nil,
                    savedAt: Double? = nil, size: Int? = nil) {
            self.bundleVersion = bundleVersion
            self.interfaceIdiom = interfaceIdiom
            self.appVersion = appVersion
            self.savedAt = savedAt
            self.size = size
        }
    }
}
