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
            var text: [UInt8] = []
            archive[start..<min(start + stateChunkSize, archive.count)].withUnsafeBytes { Base64.encode($0, appendingTo: &text) }
            frame.data = String(decoding: text, as: UTF8.self)
            return frame
        }
    }

    /// The `state-data` frames of ``stateData(_:id:)`` as protocol lines in one buffer, written
    /// directly: the same bytes ``WireCodec/encode(_:)`` gives, without a String per chunk.
    public static func stateDataLines(_ archive: [UInt8], id: Int) -> [UInt8] {
        let prefix = Array("{\"type\":\"state-data\",\"id\":\(id),\"data\":\"".utf8)
        let suffix = Array("\"}\n".utf8)
        var out: [UInt8] = []
        let chunks = (archive.count + stateChunkSize - 1) / stateChunkSize
        out.reserveCapacity(Base64.encodedLength(archive.count) + chunks * (prefix.count + suffix.count + 4))
        archive.withUnsafeBytes { all in
            for start in stride(from: 0, to: all.count, by: stateChunkSize) {
                out += prefix
                Base64.encode(UnsafeRawBufferPointer(rebasing: all[start..<min(start + stateChunkSize, all.count)]), appendingTo: &out)
                out += suffix
            }
        }
        return out
    }

    /// The bytes of one `state-data` frame; nil when its `data` is not base64.
    public var stateBytes: [UInt8]? {
        guard var data else { return nil }
        return data.withUTF8 { Base64.decode($0) }
    }
}
