extension WireFrame {
    /// The most restorable state one app may save, in bytes (8 MiB).
    public static let maximumArchiveSize = 8 << 20
    /// Archive bytes per `state-data` frame (512 KiB): base64 makes that about 700 KB, which keeps
    /// every frame under ``maximumLength``.
    public static let stateChunkSize = 512 << 10

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

    /// The `state-data` frames that carry `archive` for the event or reply `id`, in order.
    public static func stateData(_ archive: [UInt8], id: Int) -> [WireFrame] {
        stride(from: 0, to: archive.count, by: stateChunkSize).map { start in
            var frame = WireFrame(type: "state-data", id: id)
            let chunk = archive[start..<min(start + stateChunkSize, archive.count)]
            frame.data = String(unsafeUninitializedCapacity: Base64.encodedLength(chunk.count)) { text in
                chunk.withUnsafeBytes { Base64.encode($0, into: UnsafeMutableRawBufferPointer(text)) }
            }
            return frame
        }
    }

    /// The bytes of one `state-data` frame; nil when its `data` is not base64.
    public var stateBytes: [UInt8]? {
        guard var data else { return nil }
        return data.withUTF8 { Base64.decode($0) }
    }
}
