#if canImport(Glibc)
import Glibc
#endif

extension Receiver {
    /// Starts a batch upload of the files `ids`, each whole from byte 0: one call for the batch, so
    /// the connection stages its files without coming back here for each. The files are staged in
    /// the offer's tree under their final names.
    ///
    /// - Throws: ``TransferError`` as ``beginUpload(offer:file:offset:peer:)`` does, and for a file
    ///   listed twice.
    public func beginBatch(offer id: String, files ids: [String], peer: String) throws(TransferError) -> [BatchFile] {
        var record = try record(id, peer: peer)
        guard record.status == .accepted else {
            throw TransferError(.declined, "offer \(id) is not accepted (yet); upload only files the answer accepted")
        }
        guard Set(ids).count == ids.count else {
            throw TransferError(.badRequest, "the batch upload lists a file of offer \(id) twice")
        }
        // Out of the table while it changes: the tree's sets are then changed in place, not copied.
        records[id] = nil
        defer { records[id] = record }
        var tree: OfferTree
        if let known = record.tree { tree = known } else { tree = OfferTree(root: try staging.offerTree(id)) }
        record.tree = nil
        defer { record.tree = tree }
        var files: [BatchFile] = []
        files.reserveCapacity(ids.count)
        for fileId in ids {
            let position = try Self.position(of: fileId, in: record, offer: id)
            // Staged again under a numbered name, the first copy would reach the Inbox unlisted.
            guard tree.files[position] == nil else {
                throw TransferError(.badRequest, "file \(fileId) of offer \(id) was already received in a batch; finish the offer")
            }
            let file = record.offer.files[position]
            let flat = record.names[position]
            var batchFile = BatchFile(id: fileId, position: position, folder: staging.folder, name: flat,
                                      path: staging.directory + "/" + flat, treePath: nil, flatName: flat, size: file.size, sha256: file.sha256)
            if let place = tree.place(file.path) {
                (batchFile.folder, batchFile.name, batchFile.treePath) = (place.folder, place.name, place.path)
                batchFile.path = staging.directory + "/offers/" + id + "/" + place.path
            }
            files.append(batchFile)
        }
        staging.recordTreeNames(id, files)
        record.uploading.formUnion(ids)
        record.touched = now
        return files
    }

    /// Ends a batch upload: the first files, whose `receipts` these are, came whole and checked.
    /// When the batch `failed`, its files staged in the tree go back to the staging area under their
    /// partial names (the one cut short too), so that a later offer resumes them.
    public func endBatch(offer id: String, files: [BatchFile], receipts: [UploadReceipt], failed: Bool) {
        guard var record = records[id] else { return }
        defer { releaseIfIdle(id) }
        records[id] = nil
        defer { records[id] = record }
        record.uploading.subtract(files.map(\.id))
        record.touched = now
        for (file, receipt) in zip(files, receipts) {
            record.received[file.id] = receipt.sha256
            if !failed, let path = file.treePath { record.tree?.files[file.position] = path }
        }
        guard failed else { return }
        for file in files {
            guard let path = file.treePath else { continue }
            renameat(file.folder.fd, file.name, staging.folder.fd, file.flatName)
            record.tree?.taken.remove(path)
        }
    }

    /// Moves the tree's top-level entries into the Inboxes: an entry whose files all go to one app
    /// with one rename; the others file by file, as does an entry whose name the Inbox already has.
    ///
    /// - Parameter names: Set, by position, to each moved file's path inside its Inbox.
    nonisolated func placeTree(_ record: Record, targets: [InboxTarget?], writer: inout InboxWriter, names: inout [String?]) throws(TransferError) {
        guard let tree = record.tree, let root = tree.folders[""] else { return }
        for (entry, positions) in tree.entries() {
            let apps = Set(positions.map { targets[$0]?.app })
            if apps.count == 1, let target = targets[positions[0]], try writer.moveWhole(entry, from: root, container: target.container) {
                for position in positions { names[position] = tree.files[position] }
                continue
            }
            for position in positions {
                guard let target = targets[position], let path = tree.files[position] else { continue }
                let (folder, name) = InboxWriter.split(path)
                names[position] = try writer.place(name, from: tree.folders[String(folder)] ?? root, as: path, container: target.container)
            }
        }
    }

    /// Deletes the partials that files delivered from the offer's tree left under their partial
    /// names: a batch stages in the tree from byte 0, so a partial the file had (one a cut batch
    /// had just opened, empty, and so resent in a batch) is left behind otherwise, for good until
    /// the sweep (issue 13, Tests/LAN/faults receiver_killed_mid_batch). Files delivered from their
    /// partial names moved away with them. Names in `keeping` (another offer's files) stay.
    nonisolated func removeLeftPartials(_ record: Record, delivered names: [String?], keeping: Set<String>) {
        guard let tree = record.tree else { return }
        let left = tree.files.keys.compactMap { names[$0] == nil ? nil : record.names[$0] }.filter { !keeping.contains($0) }
        staging.removePartials(left)
    }

    /// The partial names of the files of every offer still held: a finish leaves them alone.
    func partialNamesInUse() -> Set<String> {
        Set(records.values.lazy.flatMap(\.names))
    }

    /// Puts the tree's files not `placed` back under their partial names: a finish that failed
    /// midway loses nothing a later offer could resume.
    nonisolated func returnTreeFiles(_ record: Record, placed: [String?]) {
        guard let tree = record.tree else { return }
        for (position, path) in tree.files where placed[position] == nil {
            let (folder, name) = InboxWriter.split(path)
            guard let source = tree.folders[String(folder)] else { continue }
            renameat(source.fd, name, staging.folder.fd, record.names[position])
        }
    }
}

/// One file of a batch upload: where it is staged (a folder of the offer's tree, or the staging
/// area under its partial name), its offered size and SHA-256.
public struct BatchFile: Sendable {
    public var id: String
    var position: Int
    var folder: DirectoryHandle
    var name: String
    /// Its path, for messages.
    var path: String
    /// Its path in the offer's tree, if it is staged there.
    var treePath: String?
    /// Its partial name in the staging area, where it goes back to if the batch fails.
    var flatName: String
    public var size: UInt64
    public var sha256: String?
}
