import FerryProtocol
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

    init(staging: String) { directory = FileSystem.parent(of: staging) + "/finished" }

    /// What one file holds: who finished the offer, when, and what it was told.
    struct Entry: Codable {
        var peer: String
        var finished: Double
        var receipt: OfferReceipt
    }

    /// The entry as JSON, by hand (``TransferJSON``): Codable's encoder held a tree of the whole
    /// receipt, 10,000 files deep, and was the receiver's largest allocation of the finish.
    static func json(_ entry: Entry) -> [UInt8] {
        var out = JSONWriter()
        out.field("peer", entry.peer)
        out.field("finished", entry.finished)
        out.object("receipt") { entry.receipt.write(to: &$0) }
        return out.finishObject()
    }

    /// An entry read back from ``json(_:)``'s form (which Codable wrote the same way before).
    static func entry(_ bytes: [UInt8]) -> Entry? {
        guard let fields = try? JSONFields(parsing: bytes), let peer = try? fields.string("peer"),
              let finished = try? fields.double("finished"),
              let receipt = try? OfferReceipt(json: try fields.object("receipt")) else { return nil }
        return Entry(peer: peer, finished: finished, receipt: receipt)
    }

    /// Keeps `receipt` for peer `peer`. Best effort: a receipt not kept only costs a resend its
    /// second copy, as before.
    func save(_ receipt: OfferReceipt, peer: String, now: Date) {
        guard Self.isSafe(receipt.offer), (try? FileSystem.createDirectories(directory)) != nil else { return }
        let bytes = Self.json(Entry(peer: peer, finished: now.timeIntervalSince1970, receipt: receipt))
        try? FileSystem.writeAtomically(bytes, to: path(receipt.offer))
    }

    /// The receipt of offer `id` if peer `peer` finished it within ``keepSeconds`` of `now`.
    /// Another peer's offer is nil, as an unknown one is.
    func receipt(_ id: String, peer: String, now: Date, keep: Double = keepSeconds) -> OfferReceipt? {
        guard Self.isSafe(id), let data = FileManager.default.contents(atPath: path(id)),
              let entry = Self.entry(Array(data)),
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
                let entry = FileManager.default.contents(atPath: path).flatMap { Self.entry(Array($0)) }
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
