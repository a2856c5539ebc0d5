import FerryTransfer
import FoundationEssentials

/// Decoding of peers' JSON with limits checked first: a body past ``LocalSendLimits/maximumBody``
/// or with more than ``LocalSendLimits/maximumFiles`` files is refused before anything is staged.
public enum LocalSendJSON {
    /// Decodes a prepare-upload body.
    ///
    /// - Throws: ``LocalSendError`` (400) for JSON of another shape, a file id or name that cannot be
    ///   staged, or (413) too many files.
    public static func prepareUpload(_ body: [UInt8], limits: LocalSendLimits) throws(LocalSendError) -> PrepareUploadRequest {
        let request: PrepareUploadRequest
        do { request = try JSONDecoder().decode(PrepareUploadRequest.self, from: Data(body)) } catch {
            throw .badRequest("the prepare-upload body is not LocalSend v2 JSON ({info, files}): \(error)")
        }
        guard request.files.count <= limits.maximumFiles else {
            throw LocalSendError(413, "the prepare-upload lists \(request.files.count) files; this device takes at most \(limits.maximumFiles) per session")
        }
        for (key, file) in request.files {
            guard key == file.id, !key.isEmpty, key.utf8.count <= 64 else {
                throw .badRequest("file id \(key.debugDescription) must be 1 to 64 bytes and match the file's own id")
            }
            guard !file.fileName.isEmpty, file.fileName.utf8.count <= 4096 else {
                throw .badRequest("file \(key.debugDescription) needs a name of 1 to 4096 bytes")
            }
            if let hash = file.sha256, !isHex64(hash) {
                throw .badRequest("file \(key.debugDescription) has a sha256 that is not 64 hex digits")
            }
        }
        return request
    }

    /// Decodes an info or register body.
    public static func info(_ body: [UInt8]) throws(LocalSendError) -> LocalSendInfo {
        do { return try JSONDecoder().decode(LocalSendInfo.self, from: Data(body)) } catch {
            throw .badRequest("the body is not a LocalSend v2 device info ({alias, fingerprint, ...}): \(error)")
        }
    }

    /// Encodes a body, keys sorted.
    public static func encode(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map(Array.init) ?? Array("{}".utf8)
    }

    static func isHex64(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { $0 < 0x80 && Character(Unicode.Scalar($0)).isHexDigit }
    }
}

/// How much a LocalSend peer may ask of this device.
public struct LocalSendLimits: Sendable {
    /// The largest prepare-upload body. Default 2 MiB: 10,000 entries of ~200 bytes (an id, a
    /// name, a type, a size, a SHA-256). Read against ``connections``' body budget.
    public var maximumBody = 2 << 20
    /// The largest register or info body: one device's description. Default 16 KiB.
    public var maximumSmallBody = 16 << 10
    /// Files per session. Default 10,000: LocalSend sends one request per file. Counted while the
    /// body streams in (JSON objects), so a body of 180,000 tiny entries is cut at the cap.
    public var maximumFiles = 10_000
    /// How long a prepare-upload waits for the user's decision, in seconds. Default 60 (LocalSend's own).
    public var decisionSeconds: Double = 60
    /// Wrong PINs from one address before it waits a minute. Default 3.
    public var pinAttempts = 3
    /// The port's connection caps, deadlines and body budget, through the same ``ListenerGate``
    /// as Ferry's port. Defaults: 64 connections, 8 per address, 10 s for a request head (the TLS
    /// handshake included), 120 s silent, 16 MiB of bodies at once from everyone.
    public var connections: ConnectionLimits = {
        var limits = ConnectionLimits()
        limits.maximumConnections = 64
        limits.maximumPerAddress = 8
        limits.headSeconds = 10
        limits.idleSeconds = 120
        limits.bodyBudget = 16 << 20
        limits.strangerBodyBudget = 16 << 20
        return limits
    }()

    public init() {}
}
