import FerryCore
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// The receipts of offers this receiver finished, one small JSON file per offer in `finished/`
/// beside the staging folder (`transfer/finished`; not inside it, where every file is a staged
/// one), kept ``keepSeconds``: a sender whose finish answer was lost asks again and gets the same
/// receipt, not a second delivery. On disk, so that a restarted ferryd still knows.
struct FinishedReceipts: Sendable {
    /// 24 hours, as long as partial files are kept.
    static let keepSeconds: Double = 24 * 3600
    let directory: String

    init(staging: String) { directory = FerryPaths.parent(of: staging) + "/finished" }

    /// What one file holds: who finished the offer, when, and what it was told.
    struct Entry: Codable {
        var peer: String
        var finished: Double
        var receipt: OfferReceipt
    }

    /// Keeps `receipt` for peer `peer`. Best effort: a receipt not kept only costs a resend its
    /// second copy, as before.
    func save(_ receipt: OfferReceipt, peer: String, now: Date) {
        guard Self.isSafe(receipt.offer), (try? FileSystem.createDirectories(directory)) != nil,
              let bytes = try? JSONEncoder().encode(Entry(peer: peer, finished: now.timeIntervalSince1970, receipt: receipt)) else { return }
        try? FileSystem.writeAtomically(Array(bytes), to: path(receipt.offer))
    }

    /// The receipt of offer `id` if peer `peer` finished it within ``keepSeconds`` of `now`.
    /// Another peer's offer is nil, as an unknown one is.
    func receipt(_ id: String, peer: String, now: Date, keep: Double = keepSeconds) -> OfferReceipt? {
        guard Self.isSafe(id), let data = FileManager.default.contents(atPath: path(id)),
              let entry = try? JSONDecoder().decode(Entry.self, from: data),
              entry.peer == peer, entry.receipt.offer == id,
              now.timeIntervalSince1970 - entry.finished < keep else { return nil }
        return entry.receipt
    }

    /// Deletes the receipts older than `keep`, and what else is there once as old (a temporary
    /// file a killed ferryd left; a younger one may be a write under way).
    func prune(now: Date, keep: Double = keepSeconds) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            var finished = Double(info.st_mtim.tv_sec)
            if name.hasSuffix(".json"), (info.st_mode & S_IFMT) == S_IFREG {
                let entry = FileManager.default.contents(atPath: path).flatMap { try? JSONDecoder().decode(Entry.self, from: $0) }
                finished = entry?.finished ?? finished
            }
            if now.timeIntervalSince1970 - finished >= keep { unlink(path) }
        }
    }

    private func path(_ id: String) -> String { directory + "/" + id + ".json" }

    /// Offer ids are this receiver's hex numbers: anything else (a path from the request) is not one.
    static func isSafe(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 64 && id.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
