import FoundationEssentials
import NIOHTTP1

/// What a prepare-upload got (§4.1).
public enum PrepareUploadAnswer: Sendable, Equatable {
    /// The session and a token for each file the device wants.
    case session(PrepareUploadResponse)
    /// 204: the device wants none of the files (it has them all).
    case nothingWanted
    /// Any other status: 401 PIN, 403 declined, 409 busy, 429 too many attempts, ….
    case refused(status: Int)
}

extension LocalSendHTTP {
    /// `POST /register` (§3.2): this device's info for theirs.
    ///
    /// - Throws: ``LocalSendError`` with the status when the answer is not 200, or 400 when its
    ///   body is not a device's info.
    public func register(_ ours: LocalSendInfo) async throws -> LocalSendInfo {
        let (status, body) = try await request(.POST, LocalSendRoute.register.path, json: LocalSendJSON.encode(ours.announcing(nil)))
        guard status == 200 else { throw LocalSendError(status, "\(host):\(port) answered register with HTTP \(status)") }
        return try LocalSendJSON.info(body)
    }

    /// `POST /prepare-upload[?pin]` (§4.1).
    ///
    /// - Throws: `DecodingError` when a 200's body is not a session's answer.
    public func prepareUpload(_ offer: PrepareUploadRequest, pin: String?) async throws -> PrepareUploadAnswer {
        let (status, body) = try await request(.POST, LocalSendRoute.prepareUpload.target(["pin": pin]), json: LocalSendJSON.encode(offer))
        switch status {
        case 200: return .session(try JSONDecoder().decode(PrepareUploadResponse.self, from: Data(body)))
        case 204: return .nothingWanted
        default: return .refused(status: status)
        }
    }

    /// `POST /upload?sessionId&fileId&token` (§4.2) with the file at `path` as the body; returns the status.
    public func upload(session: String, file: String, token: String, path: String, size: UInt64,
                       progress: (UInt64) async -> Void) async throws -> Int {
        let target = LocalSendRoute.upload.target(["sessionId": session, "fileId": file, "token": token])
        return try await upload(target, file: path, size: size, progress: progress).0
    }

    /// `POST /cancel?sessionId` (§4.3); returns the status.
    @discardableResult
    public func cancel(session: String) async throws -> Int {
        try await request(.POST, LocalSendRoute.cancel.target(["sessionId": session])).0
    }
}
