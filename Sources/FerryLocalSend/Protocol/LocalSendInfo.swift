/// What a LocalSend device says about itself (protocol v2, §3): in multicast announcements, the
/// register body and answer, `/info`, and `info` of a prepare-upload.
public struct LocalSendInfo: Codable, Sendable, Equatable {
    /// The protocol version this side speaks.
    public static let protocolVersion = "2.2"
    public var alias: String
    public var version: String?
    public var deviceModel: String?
    /// As the device sent it: a ``LocalSendDeviceType`` or anything else (``knownDeviceType`` reads it).
    public var deviceType: String?
    /// SHA-256 of the device's certificate (over HTTPS), or a random id (over HTTP). Self-declared.
    public var fingerprint: String
    public var port: Int?
    /// `https` or `http`.
    public var `protocol`: String?
    /// Whether the device serves the download API (§5).
    public var download: Bool?
    /// Set in multicast messages: true asks others to answer.
    public var announce: Bool?

    public init(alias: String, version: String? = LocalSendInfo.protocolVersion, deviceModel: String?, deviceType: String?,
                fingerprint: String, port: Int?, protocol: String? = "https", download: Bool? = false, announce: Bool? = nil) {
        self.alias = alias
        self.version = version
        self.deviceModel = deviceModel
        self.deviceType = deviceType
        self.fingerprint = fingerprint
        self.port = port
        self.protocol = `protocol`
        self.download = download
        self.announce = announce
    }

    /// The same info with `announce` set (multicast) or cleared (HTTP bodies).
    public func announcing(_ value: Bool?) -> LocalSendInfo {
        var copy = self
        copy.announce = value
        return copy
    }
}

/// One file of a prepare-upload (§4.1).
public struct LocalSendFile: Codable, Sendable, Equatable {
    public var id: String
    /// The name, or a relative path for a file of a sent folder (`photos/a.jpg`).
    public var fileName: String
    public var size: UInt64
    /// The MIME type, such as `image/jpeg`.
    public var fileType: String?
    /// Lowercase or uppercase hex SHA-256, when the sender gives it.
    public var sha256: String?
    /// A text share's text (with `fileType` `text/plain`).
    public var preview: String?

    public init(id: String, fileName: String, size: UInt64, fileType: String?, sha256: String? = nil, preview: String? = nil) {
        self.id = id
        self.fileName = fileName
        self.size = size
        self.fileType = fileType
        self.sha256 = sha256
        self.preview = preview
    }
}

/// The body of `POST /api/localsend/v2/prepare-upload`.
public struct PrepareUploadRequest: Codable, Sendable, Equatable {
    public var info: LocalSendInfo
    /// File id to file.
    public var files: [String: LocalSendFile]

    public init(info: LocalSendInfo, files: [String: LocalSendFile]) {
        self.info = info
        self.files = files
    }
}

/// The answer to a prepare-upload: the session and one token per accepted file.
public struct PrepareUploadResponse: Codable, Sendable, Equatable {
    public var sessionId: String
    /// File id to upload token.
    public var files: [String: String]

    public init(sessionId: String, files: [String: String]) {
        self.sessionId = sessionId
        self.files = files
    }
}
