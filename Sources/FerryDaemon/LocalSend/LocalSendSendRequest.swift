import FerryCore
import FerryLocalSend
import FerryTransfer
import FoundationEssentials

/// `ferry send --to NAME` where NAME is a LocalSend device (and no Ferry peer): prepare-upload,
/// then each file's upload on one HTTPS connection, progress as for Ferry sends.
struct LocalSendSendRequest {
    let request: ClientRequest.Send
    let hub: TransferHub
    let peer: LocalSendPeer
    let settings: LocalSendSettings
    let cutSessions: LocalSendCutSessions

    /// The LocalSend device a send goes to: named by `--to` (and not a Ferry peer of that name), or
    /// `--to HOST:PORT` where a LocalSend device was seen (the share sheet's address).
    static func route(_ request: ClientRequest.Send, link: LocalSendLink, hub: TransferHub) async -> LocalSendSendRequest? {
        let name: String
        if let peer = request.peer {
            guard await hub.peers?.peer(named: peer) == nil else { return nil }
            name = peer
        } else if let host = request.host, let port = request.port {
            name = "\(host):\(port)"
        } else {
            return nil
        }
        guard let peer = await link.peers.peer(named: name) else { return nil }
        return LocalSendSendRequest(request: request, hub: hub, peer: peer, settings: link.settings, cutSessions: link.cutSessions)
    }

    func run(progress: @escaping @Sendable (DaemonReply.Progress) async -> Void) async -> DaemonReply.Result {
        let name = peer.info.alias
        do {
            guard peer.info.protocol ?? "https" == "https" else {
                throw TransferError(.failed, "\(name) speaks LocalSend over plain HTTP; Ferry sends over HTTPS only (turn encryption on there)")
            }
            guard request.url == nil else {
                throw TransferError(.badRequest, "\(name) is a LocalSend device, which takes files, not a URL to open; send it as text: --text URL")
            }
            let files = try await LocalFile.collect(request.files ?? [], hashing: TransferClient.hashedBeforeOffer, pool: .singleton)
            let prepare = PrepareUploadRequest(info: own(), files: Dictionary(uniqueKeysWithValues: files.enumerated().map { index, file in
                let id = "f\(index)"
                return (id, LocalSendFile(id: id, fileName: file.relativePath, size: file.size,
                                          fileType: FileTypes.types(for: file.relativePath).mime, sha256: file.sha256))
            }))
            let client = LocalSendClient(identity: hub.identity)
            return try await client.withConnection(host: peer.address, port: peer.port, fingerprint: peer.fingerprint, name: name) { http in
                await progress(SendRequest.progress(.waiting))
                // No `accepted` event: it tells the client the receiver keeps what it got for a
                // resume, which LocalSend does not (SendInterrupt's line for a cut send says so).
                switch try await prepareUpload(prepare, over: http) {
                case .nothingWanted: return delivered(files)
                case .refused(let status): throw Self.refusal(status, name: name)
                case .session(let answer):
                    cutSessions.started(answer.sessionId, device: peer.fingerprint)
                    try await upload(files, answer: answer, over: http, progress: progress)
                    cutSessions.ended(answer.sessionId, device: peer.fingerprint)
                    return delivered(files)
                }
            }
        } catch where Task.isCancelled {
            return cancelled()
        } catch let error as TransferError {
            return TransferRequests.failure(error.message, code: TransferRequests.failure(for: error))
        } catch {
            return TransferRequests.failure("sending to \(name) (\(peer.address):\(peer.port)) failed: \(error)")
        }
    }

    /// The prepare-upload; when the device is busy with a session of ours that was cut (see
    /// ``LocalSendCutSessions``), that session is cancelled and the request made once more.
    private func prepareUpload(_ prepare: PrepareUploadRequest, over http: LocalSendHTTP) async throws -> PrepareUploadAnswer {
        let first = try await http.prepareUpload(prepare, pin: request.pin)
        guard first == .refused(status: 409), let cut = cutSessions.take(device: peer.fingerprint) else { return first }
        _ = try await http.cancel(session: cut)
        return try await http.prepareUpload(prepare, pin: request.pin)
    }

    private func upload(_ files: [LocalFile], answer: PrepareUploadResponse, over http: LocalSendHTTP,
                        progress: @escaping @Sendable (DaemonReply.Progress) async -> Void) async throws {
        let total = files.reduce(UInt64(0)) { $0 + $1.size }
        let throttle = Throttle()
        var sent: UInt64 = 0
        for (index, file) in files.enumerated() {
            guard let token = answer.files["f\(index)"] else { continue }
            let base = sent
            let status = try await http.upload(session: answer.sessionId, file: "f\(index)", token: token, path: file.path, size: file.size) { done in
                let event = TransferEvent.progress(file: file.relativePath, fileSent: done, fileSize: file.size, totalSent: base + done, totalBytes: total)
                if throttle.allows(event) { await progress(SendRequest.progress(event)) }
            }
            guard status == 200 || status == 204 else {
                _ = try? await http.cancel(session: answer.sessionId)
                cutSessions.ended(answer.sessionId, device: peer.fingerprint)
                throw Self.refusal(status, name: peer.info.alias, during: file.relativePath)
            }
            sent += file.size
            await progress(SendRequest.progress(.filesDone([file.relativePath])))
        }
    }

    /// A send stopped by `ferry send --cancel` (or its client leaving): LocalSend has no resume,
    /// so unlike a Ferry receiver the device keeps nothing of it.
    private func cancelled() -> DaemonReply.Result {
        TransferRequests.failure(Self.cancelledMessage(offer: request.offer, device: peer.info.alias), code: .cancelled)
    }

    static func cancelledMessage(offer: String?, device: String) -> String {
        let by = offer.map { "by ferry send --cancel \($0)" } ?? "by its client"
        return "cancelled \(by); nothing was delivered, and \(device) keeps nothing of a cut LocalSend upload: sending again starts over"
    }

    private func delivered(_ files: [LocalFile]) -> DaemonReply.Result {
        var result = DaemonReply.Result(outcome: .delivered)
        result.peer = peer.info.alias
        result.deliveries = files.map { .init(status: "delivered", app: nil, name: $0.relativePath) }
        return result
    }

    private func own() -> LocalSendInfo {
        LocalSendInfo.ferry(alias: hub.senderName, fingerprint: hub.identity.fingerprint, deviceType: settings.deviceType, port: settings.port)
    }

    /// A LocalSend status as Ferry's refusal (exit 77) or failure (74).
    static func refusal(_ status: Int, name: String, during file: String? = nil) -> TransferError {
        let what = file.map { " during \($0)" } ?? ""
        switch status {
        case 401: return TransferError(.declined, "\(name) requires a PIN, and none or a wrong one was given; send again with --pin PIN")
        case 403: return TransferError(.declined, "\(name) declined the transfer\(what)")
        case 409: return TransferError(.declined, "\(name) is busy with another transfer; try again when it is done")
        case 429: return TransferError(.declined, "\(name) refuses for now after too many attempts (wrong PINs?); wait a minute")
        default: return TransferError(.failed, "\(name) answered HTTP \(status)\(what)")
        }
    }
}
