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
    /// each whole from byte 0, back to back in the body; their sizes are the offer's. Each file is
    /// staged, checked and counted received as soon as its last byte arrives, as a single upload would be.
    func uploadBatch(_ head: HTTPRequestHead, offer: String, fingerprint: String, parts: inout Inbound) async throws -> HTTPReply {
        let ids = (head.headers.first(name: "Ferry-Files") ?? "").split(separator: ",").map(String.init)
        guard !ids.isEmpty, ids.count <= Self.maximumBatchFiles else {
            return .error(TransferError(.badRequest, "Ferry-Files must list 1 to \(Self.maximumBatchFiles) file ids of the offer"), close: true)
        }
        var batch = BatchCursor(ids: ids[...], offer: offer, peer: fingerprint, receiver: receiver)
        do {
            try await batch.advance()
            while let part = try await parts.next() {
                switch part {
                case .body(let buffer): try await batch.take(buffer)
                case .end:
                    try await batch.advance()
                    try await batch.end()
                    return .json(BatchReceipt(files: batch.receipts))
                case .head: throw TransferError(.badRequest, "a request started inside a batch upload")
                }
            }
            throw TransferError(.badRequest, "the connection closed inside a batch upload")
        } catch let error as TransferError {
            await batch.abandon()
            return .error(error, close: true)
        } catch {
            // The sender vanished mid-body: the current file's bytes stay staged for a resume.
            await batch.abandon()
            throw error
        }
    }
}

/// Where a batch upload is: the file being written and the ids still to come.
struct BatchCursor {
    var ids: ArraySlice<String>
    let offer: String
    let peer: String
    let receiver: Receiver
    var current: (id: String, staged: StagedFile)?
    var receipts: [UploadReceipt] = []

    /// Appends a body part across as many files as it covers.
    mutating func take(_ buffer: ByteBuffer) async throws(TransferError) {
        var buffer = buffer
        while buffer.readableBytes > 0 {
            guard let (_, staged) = current else {
                throw TransferError(.badRequest, "the batch body is longer than the listed files' sizes")
            }
            let count = Int(min(UInt64(buffer.readableBytes), staged.size - staged.written))
            try buffer.readSlice(length: count)!.withUnsafeReadableBytes { bytes throws(TransferError) in try staged.append(bytes) }
            try await advance()
        }
    }

    /// Finishes the current file once whole, and opens the next ones (finishing empty ones at once).
    mutating func advance() async throws(TransferError) {
        while true {
            if let (id, staged) = current {
                guard staged.written == staged.size else { return }
                current = nil
                receipts.append(try await receiver.endUpload(offer: offer, file: id, staged: staged, complete: true))
            }
            guard let id = ids.popFirst() else { return }
            current = (id, try await receiver.beginUpload(offer: offer, file: id, offset: 0, peer: peer))
        }
    }

    /// The body ended: every listed file must have come whole.
    func end() throws(TransferError) {
        guard current == nil, ids.isEmpty else {
            throw TransferError(.badRequest, "the batch body ended before its last file; offer the files again to resume")
        }
    }

    /// Releases the file being written, keeping its bytes for a resume.
    mutating func abandon() async {
        guard let (id, staged) = current else { return }
        current = nil
        _ = try? await receiver.endUpload(offer: offer, file: id, staged: staged, complete: false)
    }
}
