import Foundation

extension Receiver {
    /// Opens the staged file for an upload of file `fileId` starting at `offset`.
    ///
    /// - Throws: ``TransferError`` when the offer is not accepted, the file unknown or already
    ///   being uploaded, or `offset` is not the offset the receiver holds.
    public func beginUpload(offer id: String, file fileId: String, offset: UInt64, peer: String) throws(TransferError) -> StagedFile {
        let record = try record(id, peer: peer)
        guard record.status == .accepted else {
            throw TransferError(.declined, "offer \(id) is not accepted (yet); upload only files the answer accepted")
        }
        let position = try Self.position(of: fileId, in: record, offer: id)
        let file = record.offer.files[position]
        let name = record.names[position]
        let held = staging.offset(file, name: name)
        guard offset == held else {
            throw TransferError(.offsetMismatch, "the upload starts at byte \(offset) but this device holds \(held) bytes of \(fileId); send from \(held)", offset: held)
        }
        let staged = try StagedFile.open(in: staging, name: name, size: file.size, expected: file.sha256, offset: offset)
        records[id]?.uploading.insert(fileId)
        return staged
    }

    /// Starts a batch upload of the files `ids`, each whole from byte 0: one call for the batch, so
    /// the connection stages its files without coming back here for each.
    ///
    /// - Throws: ``TransferError`` as ``beginUpload(offer:file:offset:peer:)`` does, and for a file
    ///   listed twice.
    public func beginBatch(offer id: String, files ids: [String], peer: String) throws(TransferError) -> [BatchFile] {
        let record = try record(id, peer: peer)
        guard record.status == .accepted else {
            throw TransferError(.declined, "offer \(id) is not accepted (yet); upload only files the answer accepted")
        }
        var files: [BatchFile] = []
        files.reserveCapacity(ids.count)
        for fileId in ids {
            let position = try Self.position(of: fileId, in: record, offer: id)
            let file = record.offer.files[position]
            files.append(BatchFile(id: fileId, name: record.names[position], size: file.size, sha256: file.sha256))
        }
        guard Set(ids).count == ids.count else {
            throw TransferError(.badRequest, "the batch upload lists a file of offer \(id) twice")
        }
        records[id]?.uploading.formUnion(ids)
        return files
    }

    /// Ends a batch upload: the files in `receipts` came whole and checked; the others of `ids` stay
    /// staged for a resume.
    public func endBatch(offer id: String, files ids: [String], receipts: [UploadReceipt]) {
        records[id]?.uploading.subtract(ids)
        for receipt in receipts { records[id]?.received[receipt.id] = receipt.sha256 }
    }

    /// Where file `fileId` is in the offer, if it may be uploaded now.
    static func position(of fileId: String, in record: Record, offer id: String) throws(TransferError) -> Int {
        guard let position = record.positions[fileId] else {
            throw TransferError(.notFound, "offer \(id) has no file \(fileId.debugDescription)")
        }
        guard !record.uploading.contains(fileId) else {
            throw TransferError(.badRequest, "file \(fileId) of offer \(id) is already being uploaded on another connection")
        }
        return position
    }

    /// Ends an upload: checks and syncs the staged file when `complete`, else keeps it for a
    /// resume.
    public func endUpload(offer id: String, file fileId: String, staged: StagedFile, complete: Bool,
                          trailer: String? = nil) throws(TransferError) -> UploadReceipt {
        records[id]?.uploading.remove(fileId)
        guard complete else {
            throw TransferError(.badRequest, "the upload of \(fileId) stopped after \(staged.written) bytes; offer the file again to resume")
        }
        let digest = try staged.finish(trailer: trailer)
        records[id]?.received[fileId] = digest
        return UploadReceipt(id: fileId, status: "received", sha256: digest)
    }

    /// Moves every received file of the offer into its Inbox, opens the apps, opens the URL, and
    /// forgets the offer.
    public func finish(offer id: String, peer: String) async throws(TransferError) -> OfferReceipt {
        let record = try record(id, peer: peer)
        guard record.status == .accepted else {
            throw TransferError(.declined, "offer \(id) is not accepted; nothing to finish")
        }
        records[id] = nil
        try staging.sync()
        var delivered: [OfferReceipt.Delivered] = []
        var toOpen: [DeliveredFile] = []
        var writer = InboxWriter(staging: staging)
        var targets: [String: InboxTarget] = [:]
        for (position, file) in record.offer.files.enumerated() {
            guard let digest = record.received[file.id] else {
                delivered.append(.init(id: file.id, status: "missing"))
                continue
            }
            let key = TargetAppChooser.key(for: file)
            let target = if let known = targets[key] { known } else { await host.target(for: file, preferredApp: record.offer.app) }
            targets[key] = target
            let name = try writer.place(record.names[position], as: file.path, container: target.container)
            delivered.append(.init(id: file.id, status: "delivered", app: target.app, name: name))
            toOpen.append(DeliveredFile(target: target, path: InboxWriter.inbox(container: target.container) + "/" + name,
                                        sender: record.offer.sender, senderFingerprint: peer, size: file.size, sha256: digest))
        }
        try staging.sync()
        await host.delivered(toOpen)
        var urlStatus: String?
        if let url = record.offer.url {
            urlStatus = await host.openURL(url, sender: record.offer.sender) ? "opened" : "failed"
        }
        return OfferReceipt(offer: id, files: delivered, url: urlStatus)
    }
}

/// One file of a batch upload: its id, partial name in the staging area, offered size and SHA-256.
public struct BatchFile: Sendable, Equatable {
    public var id: String
    public var name: String
    public var size: UInt64
    public var sha256: String?
}
