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
        guard let file = record.file(fileId) else {
            throw TransferError(.notFound, "offer \(id) has no file \(fileId.debugDescription)")
        }
        guard !record.uploading.contains(fileId) else {
            throw TransferError(.badRequest, "file \(fileId) of offer \(id) is already being uploaded on another connection")
        }
        let path = staging.partialPath(file, sender: peer)
        let held = staging.offset(file, at: path)
        guard offset == held else {
            throw TransferError(.offsetMismatch, "the upload starts at byte \(offset) but this device holds \(held) bytes of \(fileId); send from \(held)", offset: held)
        }
        let staged = try StagedFile.open(path: path, size: file.size, expected: file.sha256, offset: offset)
        records[id]?.uploading.insert(fileId)
        return staged
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
        var made: Set<String> = []
        var targets: [String: InboxTarget] = [:]
        for file in record.offer.files {
            guard let digest = record.received[file.id] else {
                delivered.append(.init(id: file.id, status: "missing"))
                continue
            }
            let key = TargetAppChooser.key(for: file)
            let target = if let known = targets[key] { known } else { await host.target(for: file, preferredApp: record.offer.app) }
            targets[key] = target
            let name = try InboxWriter.place(staging.partialPath(file, sender: peer), as: file.path, container: target.container,
                                             made: &made)
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
