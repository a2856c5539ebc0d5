import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// A batch stages its files in the offer's tree under their final names, which only the offer's
/// record maps back to partial names. A ferryd killed mid-batch lost that record, and the next one
/// deleted the trees: a resend of the folder started over (issue 13's fault matrix,
/// Tests/LAN/faults receiver_killed_mid_batch). Each batch now writes its mapping beside the tree,
/// `offers/<id>.names`, one `partialName<TAB>treePath` line per file, and a starting ferryd puts
/// the files back under their partial names before it deletes the trees.
extension StagingArea {
    /// Appends the tree files of one batch to offer `id`'s names file: one write per batch.
    func recordTreeNames(_ id: String, _ files: [BatchFile]) {
        let lines = files.compactMap { file in file.treePath.map { file.flatName + "\t" + $0 + "\n" } }.joined()
        guard !lines.isEmpty, let offers = folder.child("offers", create: true) else { return }
        let fd = openat(offers.fd, id + ".names", O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return }
        defer { close(fd) }
        // Best effort: without it, only a crash of ferryd costs the resume of this batch.
        _ = Array(lines.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    /// Deletes offer `id`'s names file.
    func forgetTreeNames(_ id: String) {
        unlink(directory + "/offers/" + id + ".names")
    }

    /// Moves the files that batches staged in offer trees back under their partial names, by the
    /// names files; a file already gone (delivered, or returned by a failed batch) is skipped.
    func returnTreeFilesOfEveryOffer() {
        let offers = directory + "/offers/"
        for file in (try? FileManager.default.contentsOfDirectory(atPath: offers)) ?? [] where file.hasSuffix(".names") {
            let tree = offers + String(file.dropLast(".names".count)) + "/"
            guard let text = try? String(contentsOfFile: offers + file, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") {
                let parts = line.split(separator: "\t", maxSplits: 1)
                // A partial name is 32 hex digits and ".part"; a tree path stays inside its tree.
                guard parts.count == 2, parts[0].hasSuffix(".part"), !parts[0].contains("/"),
                      !parts[1].hasPrefix("/"), !parts[1].split(separator: "/").contains("..") else { continue }
                rename(tree + parts[1], directory + "/" + parts[0])
            }
        }
    }
}
