import FoundationEssentials

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
        records[id]?.touched = now
        return staged
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
        records[id]?.touched = now
        defer { releaseIfIdle(id) }
        guard complete else {
            throw TransferError(.badRequest, "the upload of \(fileId) stopped after \(staged.written) bytes; offer the file again to resume")
        }
        let digest = try staged.finish(trailer: trailer)
        records[id]?.received[fileId] = digest
        return UploadReceipt(id: fileId, status: "received", sha256: digest)
    }

    /// Moves every received file of the offer into its Inbox, opens the apps, opens the URL, and
    /// forgets the offer.
    /// An offer this peer already finished (its answer was lost) gets the same receipt again and
    /// moves nothing.
    public func finish(offer id: String, peer: String) async throws(TransferError) -> OfferReceipt {
        if records[id] == nil, let receipt = finished.receipt(id, peer: peer, now: now, keep: timing.finishedSeconds) { return receipt }
        let record = try record(id, peer: peer)
        guard record.status == .accepted else {
            throw TransferError(.declined, "offer \(id) is not accepted; nothing to finish")
        }
        records[id] = nil
        defer { if record.tree != nil { staging.removeOfferTree(id) } }
        try await FileWork.run("sync the staging area") { [staging] () throws(TransferError) in try staging.sync() }
        let targets = await targets(of: record)
        let inUse = record.tree == nil ? [] : partialNamesInUse()
        let names: [String?]
        do {
            // Renames, chmods and a sync per Inbox: blocking file work, on the thread pool.
            names = try await FileWork.run("move the files into the Inboxes") { [self] () throws(TransferError) in
                let names = try moveIntoInboxes(record, offer: id, targets: targets)
                removeLeftPartials(record, delivered: names, keeping: inUse)
                return names
            }
        } catch {
            await host.finishFailed(offer: id, sender: record.offer.sender, error: error)
            throw error
        }
        var delivered: [OfferReceipt.Delivered] = []
        var toOpen: [DeliveredFile] = []
        for (position, file) in record.offer.files.enumerated() {
            guard let target = targets[position], let name = names[position], let digest = record.received[file.id] else {
                delivered.append(.init(id: file.id, status: "missing"))
                continue
            }
            delivered.append(.init(id: file.id, status: "delivered", app: target.app, name: name))
            toOpen.append(DeliveredFile(target: target, path: InboxWriter.inbox(container: target.container) + "/" + name,
                                        sender: record.offer.sender, senderFingerprint: peer, size: file.size, sha256: digest))
        }
        await host.delivered(toOpen)
        var urlStatus: String?, urlFailure: URLOpenFailure?
        if let url = record.offer.url {
            urlFailure = await host.openURLFailure(url, sender: record.offer.sender)
            urlStatus = urlFailure == nil ? "opened" : "failed"
        }
        let receipt = OfferReceipt(offer: id, files: delivered, url: urlStatus, urlError: urlFailure?.message, urlFailure: urlFailure?.kind)
        await keepReceipt(receipt, peer: peer)
        return receipt
    }

    /// Keeps the receipt on disk for a sender that asks again, and prunes old ones once an hour.
    func keepReceipt(_ receipt: OfferReceipt, peer: String) async {
        let now = self.now
        let prune = finishedPruned.map { now.timeIntervalSince($0) >= 3600 } ?? true
        if prune { finishedPruned = now }
        let (finished, keep) = (self.finished, timing.finishedSeconds)
        try? await FileWork.run("keep the receipt") { () throws(TransferError) in
            finished.save(receipt, peer: peer, now: now)
            if prune { finished.prune(now: now, keep: keep) }
        }
    }

    /// Moves the offer's received files into their Inboxes and syncs them, all or nothing: on a
    /// failure what moved goes back, and everything is kept for a resume. Blocking; off the actor.
    /// - Returns: By position, each moved file's path inside its Inbox.
    nonisolated func moveIntoInboxes(_ record: Record, offer id: String, targets: [InboxTarget?]) throws(TransferError) -> [String?] {
        var writer = InboxWriter(staging: staging)
        // A ferryd killed between the first move and the sync finds this and takes the moves back.
        writer.finishJournal = FinishJournal(staging: staging, offer: id)
        var names = [String?](repeating: nil, count: record.offer.files.count)
        do {
            try writer.prepare(Set(targets.compactMap { $0?.container }))
            try placeTree(record, targets: targets, writer: &writer, names: &names)
            for (position, file) in record.offer.files.enumerated() where names[position] == nil {
                guard let target = targets[position] else { continue }
                names[position] = try writer.place(record.names[position], as: file.path, container: target.container)
            }
            try staging.sync()
            // Delivered and synced: from here on, a restart must not take it back.
            writer.finishJournal?.remove()
            return names
        } catch {
            writer.undo()
            writer.finishJournal?.remove()
            returnTreeFiles(record, placed: Array(repeating: nil, count: names.count))
            throw error
        }
    }

    /// The Inbox of each received file (nil for the others), asked once per kind of file.
    func targets(of record: Record) async -> [InboxTarget?] {
        var byKey: [String: InboxTarget] = [:]
        var targets: [InboxTarget?] = []
        targets.reserveCapacity(record.offer.files.count)
        for file in record.offer.files {
            guard record.received[file.id] != nil else {
                targets.append(nil)
                continue
            }
            let key = TargetAppChooser.key(for: file)
            let target = if let known = byKey[key] { known } else { await host.target(for: file, preferredApp: record.offer.app) }
            byKey[key] = target
            targets.append(target)
        }
        return targets
    }

    /// Tells the host how far an upload is (TransferConnection calls this, throttled).
    public func uploadProgress(offer id: String, file fileId: String, written: UInt64) async {
        guard let record = records[id], let position = record.positions[fileId] else { return }
        let file = record.offer.files[position]
        await host.receiving(ReceiveProgress(offer: id, sender: record.offer.sender, senderFingerprint: record.peer,
                                             fileName: file.path, written: written, size: file.size))
    }
}
