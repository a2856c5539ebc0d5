import Crypto
import FerryTransfer
import FoundationEssentials
import NIOCore

#if canImport(Glibc)
import Glibc
#endif

/// One upload in progress: the staged file, the bytes already held from an earlier try (skipped
/// from the body: LocalSend always sends from byte 0) and a hash of our own for files offered
/// without one. That hash is of every byte the sender sends, the skipped ones too: it is what
/// the staged file (the held bytes and the new ones, hashed again by ``StagedFile``) must hash to,
/// so a retry is accepted, and held bytes that differ from the sender's are found.
public final class LocalSendUpload: @unchecked Sendable {
    let session: String
    let file: String
    let staged: StagedFile
    var skip: UInt64
    var hasher: SHA256?

    init(session: String, file: String, staged: StagedFile, skip: UInt64, hashing: Bool) {
        self.session = session
        self.file = file
        self.staged = staged
        self.skip = skip
        self.hasher = hashing ? SHA256() : nil
    }

    /// Stores a piece of the body.
    public func append(_ buffer: ByteBuffer) async throws(TransferError) {
        var buffer = buffer
        buffer.withUnsafeReadableBytes { hasher?.update(bufferPointer: $0) }
        if skip > 0 {
            let dropped = Int(min(UInt64(buffer.readableBytes), skip))
            buffer.moveReaderIndex(forwardBy: dropped)
            skip -= UInt64(dropped)
        }
        guard buffer.readableBytes > 0 else { return }
        try await staged.append(buffer)
    }

    var digest: String? {
        hasher.map { Array($0.finalize()).hexString }
    }
}

extension LocalSendSessions {
    /// Starts the upload of file `fileId` of session `sessionId`.
    ///
    /// - Throws: 403 for an unknown session or a wrong token, 409 for a file received or being
    ///   received already, 400 for a file the session does not have.
    public func beginUpload(session sessionId: String, file fileId: String, token: String) async throws(LocalSendError) -> LocalSendUpload {
        guard var session = sessions[sessionId] else {
            throw .forbidden("no upload session \(sessionId.debugDescription); it ended, was cancelled or never began (prepare-upload first)")
        }
        guard let expected = session.tokens[fileId], let file = session.files[fileId] else {
            throw .forbidden("session \(sessionId) has no file \(fileId.debugDescription)")
        }
        guard Self.same(token, expected) else { throw .forbidden("wrong token for file \(fileId.debugDescription)") }
        guard !session.received.contains(fileId), !session.uploading.contains(fileId) else {
            throw .conflict("file \(fileId.debugDescription) of session \(sessionId) was received or is being received already")
        }
        let held = staging.offset(file, sender: session.peer)
        let staged: StagedFile
        do { staged = try await receiver.beginUpload(offer: session.offer, file: fileId, offset: held, peer: session.peer) } catch {
            if error.code == .notFound { sessions[sessionId] = nil }
            throw .forbidden(error.message)
        }
        session.uploading.insert(fileId)
        session.touched = Date()
        sessions[sessionId] = session
        return LocalSendUpload(session: sessionId, file: fileId, staged: staged, skip: held, hashing: file.sha256 == nil)
    }

    /// Ends an upload; the last file of the session moves them all into their Inboxes.
    ///
    /// - Throws: 400 for a short body, 422 for a hash that does not match, 500 for a failed finish.
    public func endUpload(_ upload: LocalSendUpload, complete: Bool) async throws(LocalSendError) {
        guard var session = sessions[upload.session] else { return }
        session.uploading.remove(upload.file)
        sessions[upload.session] = session
        do {
            _ = try await receiver.endUpload(offer: session.offer, file: upload.file, staged: upload.staged,
                                             complete: complete, trailer: complete ? upload.digest : nil)
        } catch {
            throw LocalSendError(error.code == .hashMismatch ? 422 : 400, error.message)
        }
        guard var now = sessions[upload.session] else { return }
        now.received.insert(upload.file)
        now.touched = Date()
        sessions[upload.session] = now
        guard now.received.count == now.files.count else { return }
        sessions[upload.session] = nil
        do { _ = try await receiver.finish(offer: now.offer, peer: now.peer) } catch {
            throw LocalSendError(500, "the files arrived but could not be moved into their Inboxes: \(error.message)")
        }
    }

    /// `POST /cancel`: the offer is withdrawn; what was staged stays out of every Inbox, and is
    /// deleted (LocalSend has no resume: its sender starts over with a new session).
    public func cancel(session sessionId: String) async {
        guard let session = sessions.removeValue(forKey: sessionId) else { return }
        try? await receiver.cancel(offer: session.offer, peer: session.peer)
        discardPartials(of: session)
    }

    /// Deletes the staged bytes of a session that will not finish, whole files too: a Ferry sender
    /// could resume them, a LocalSend one cannot (they would sit in staging for a day).
    func discardPartials(of session: Session) {
        for file in session.files.values {
            unlink(staging.partialPath(file, sender: session.peer))
        }
    }

    /// How many sessions are open (for tests and logs).
    public var openSessions: Int { sessions.count }

    /// Compares in time independent of where they differ.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
