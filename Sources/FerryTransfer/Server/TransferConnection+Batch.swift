import Crypto
import NIOCore
import NIOHTTP1

/// The receipts of a batch upload.
public struct BatchReceipt: Codable, Sendable, Equatable {
    public var files: [UploadReceipt]

    public init(files: [UploadReceipt]) { self.files = files }
}

extension TransferConnection {
    /// At most this many files in one batch (the `Ferry-Files` header stays well under NIO's
    /// header limit even with 64-byte ids).
    static let maximumBatchFiles = 1024

    /// `PUT /ferry/v1/offers/{offer}/batch`: the files named by `Ferry-Files` (ids, comma-separated),
    /// each whole from byte 0, back to back in the body; their sizes are the offer's. With
    /// `Ferry-Digests: sha256`, each file's bytes are followed by their 32-byte SHA-256. Each file is
    /// staged, checked and counted received as soon as it is whole, as a single upload would be.
    func uploadBatch(_ head: HTTPRequestHead, offer: String, fingerprint: String, parts: inout Inbound) async throws -> HTTPReply {
        // Split by byte: a mark after `,` must not join two ids inside one Character.
        let ids = (head.headers.first(name: "Ferry-Files") ?? "").utf8.split(separator: UInt8(ascii: ",")).map { String(decoding: $0, as: UTF8.self) }
        guard !ids.isEmpty, ids.count <= Self.maximumBatchFiles else {
            return .error(TransferError(.badRequest, "Ferry-Files must list 1 to \(Self.maximumBatchFiles) file ids of the offer"), close: true)
        }
        let digests = head.headers.first(name: "Ferry-Digests")
        guard digests == nil || digests == "sha256" else {
            return .error(TransferError(.badRequest, "Ferry-Digests must be sha256 (each file followed by its 32-byte SHA-256) or absent"), close: true)
        }
        let files: [BatchFile]
        do {
            files = try await receiver.beginBatch(offer: offer, files: ids, peer: fingerprint)
        } catch {
            return .error(error, close: true)
        }
        var batch = BatchCursor(files: files[...], inlineDigests: digests != nil)
        do {
            try batch.advance()
            while let part = try await parts.next() {
                switch part {
                case .body(let buffer):
                    // Writes, opens and checks of the staged files, off the cooperative pool.
                    let cursor = batch
                    batch = try await FileWork.run("store the batch upload") { () throws(TransferError) in
                        var cursor = cursor
                        try cursor.take(buffer)
                        return cursor
                    }
                case .end:
                    try batch.advance()
                    try batch.end()
                    await receiver.endBatch(offer: offer, files: files, receipts: batch.receipts, failed: false)
                    return .json(BatchReceipt(files: batch.receipts))
                case .head: throw TransferError(.badRequest, "a request started inside a batch upload")
                }
            }
            throw TransferError(.badRequest, "the connection closed inside a batch upload")
        } catch let error as TransferError {
            batch.current = nil
            await receiver.endBatch(offer: offer, files: files, receipts: batch.receipts, failed: true)
            return .error(error, close: true)
        } catch {
            // The sender vanished mid-body: the current file's bytes stay staged for a resume.
            batch.current = nil
            await receiver.endBatch(offer: offer, files: files, receipts: batch.receipts, failed: true)
            throw error
        }
    }
}

/// Where a batch upload is: the file being written and the files still to come. It stages the
/// files itself, where ``Receiver/beginBatch(offer:files:peer:)`` placed them, without a call to
/// the receiver for each.
struct BatchCursor: Sendable {
    var files: ArraySlice<BatchFile>
    /// Whether each file's bytes are followed by their SHA-256 (`Ferry-Digests: sha256`).
    let inlineDigests: Bool
    var current: (file: BatchFile, staged: StagedFile)?
    /// The current file's SHA-256 as far as it has come.
    var digest: [UInt8] = []
    var receipts: [UploadReceipt] = []

    /// Appends a body part across as many files as it covers.
    mutating func take(_ buffer: ByteBuffer) throws(TransferError) {
        var buffer = buffer
        while buffer.readableBytes > 0 {
            guard let (_, staged) = current else {
                throw TransferError(.badRequest, "the batch body is longer than the listed files' sizes")
            }
            if staged.written < staged.size {
                let count = Int(min(UInt64(buffer.readableBytes), staged.size - staged.written))
                try buffer.readSlice(length: count)!.withUnsafeReadableBytes { bytes throws(TransferError) in try staged.append(bytes) }
            } else {
                digest += buffer.readBytes(length: min(buffer.readableBytes, SHA256.byteCount - digest.count))!
            }
            try advance()
        }
    }

    /// Checks the current file once whole (and its SHA-256 has come, if it follows), and opens the
    /// next ones (checking empty ones at once).
    mutating func advance() throws(TransferError) {
        while true {
            if let (file, staged) = current {
                guard staged.written == staged.size, !inlineDigests || digest.count == SHA256.byteCount else { return }
                current = nil
                let sent = inlineDigests ? digest.hexString : nil
                digest.removeAll(keepingCapacity: true)
                let digest = try staged.finish(trailer: sent, readOnly: file.treePath != nil)
                receipts.append(UploadReceipt(id: file.id, status: "received", sha256: digest))
            }
            guard let file = files.popFirst() else { return }
            current = (file, try StagedFile.open(in: file.folder, name: file.name, path: file.path, size: file.size,
                                                 expected: file.sha256, offset: 0))
        }
    }

    /// The body ended: every listed file must have come whole.
    func end() throws(TransferError) {
        guard current == nil, files.isEmpty else {
            throw TransferError(.badRequest, "the batch body ended before its last file; offer the files again to resume")
        }
    }
}
