import Crypto
import FerryProtocol
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// The finishes this sender asked for and never heard answered (the connection broke, or ferryd
/// was killed, while the receiver finished): one small JSON file per peer and file set. The next
/// send of the same files to the same peer first asks the receiver about that offer, which keeps
/// its receipts for 24 hours (docs/transfer.md §4), so the files do not arrive twice.
public struct PendingFinishes: Sendable {
    /// As long as receivers keep their receipts.
    public static let keepSeconds: Double = 24 * 3600
    public let directory: String

    public init(directory: String) { self.directory = directory }

    struct Entry: Codable {
        var peer: String
        var offer: String
        var files: String
        var recorded: Double
    }

    /// What makes two sends "the same files": where each is here and is sent to, its size, its
    /// SHA-256 if known and its modification time (a file changed in between is not the same),
    /// with the app and URL. A SHA-256 of all that, as hex.
    public static func key(_ files: [LocalFile], app: String?, url: String?) -> String {
        var hash = SHA256()
        func add(_ field: String) { hash.update(data: Array(field.utf8) + [0]) }
        add(app ?? "-")
        add(url ?? "-")
        for file in files {
            for field in [file.path, file.relativePath, "\(file.size)", file.sha256 ?? "-", modifiedTime(file)] { add(field) }
        }
        return Array(hash.finalize()).hexString
    }

    /// The time the walk found (a `stat` each for 10,000 files, again, cost the offer 7 ms), else asked now.
    private static func modifiedTime(_ file: LocalFile) -> String {
        if let modified = file.modified { return "\(modified / 1_000_000_000).\(modified % 1_000_000_000)" }
        var info = stat()
        return lstat(file.path, &info) == 0 ? "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)" : "-"
    }

    /// Notes that the finish of `offer` for file set `key` is about to be asked of `peer`.
    /// - Returns: false when the note cannot be written: the finish goes on as it did before
    ///   notes (a lost answer then means a resend delivers a second copy).
    @discardableResult
    public func record(peer: String, key: String, offer: String, now: Date = Date()) -> Bool {
        guard (try? FileSystem.createDirectories(directory)) != nil,
              let bytes = try? JSONEncoder().encode(Entry(peer: peer, offer: offer, files: key, recorded: now.timeIntervalSince1970))
        else { return false }
        return (try? FileSystem.writeAtomically(Array(bytes), to: path(peer: peer, key: key))) != nil
    }

    /// The offer whose finish is unanswered for this peer and file set, if recorded within
    /// ``keepSeconds`` of `now`; an older note is deleted.
    public func offer(peer: String, key: String, now: Date = Date()) -> String? {
        let path = path(peer: peer, key: key)
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        guard let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.peer == peer, entry.files == key,
              now.timeIntervalSince1970 - entry.recorded < Self.keepSeconds else {
            unlink(path)
            return nil
        }
        return entry.offer
    }

    /// The finish was answered (a receipt or a refusal): nothing is left to ask.
    public func remove(peer: String, key: String) {
        unlink(path(peer: peer, key: key))
    }

    /// Deletes notes older than ``keepSeconds``, and stray files once as old.
    public func prune(now: Date = Date()) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let entry = FileManager.default.contents(atPath: path).flatMap { try? JSONDecoder().decode(Entry.self, from: $0) }
            let recorded = entry?.recorded ?? Double(info.st_mtim.tv_sec)
            if now.timeIntervalSince1970 - recorded >= Self.keepSeconds { unlink(path) }
        }
    }

    private func path(peer: String, key: String) -> String {
        directory + "/" + Array(SHA256.hash(data: Array("\(peer)\u{0}\(key)".utf8))).prefix(16).hexString + ".json"
    }
}
