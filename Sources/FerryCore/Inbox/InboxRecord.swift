import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// One file ferryd put in an Inbox, as a line of `$XDG_DATA_HOME/ferry/transfer/received.jsonl`
/// (what `ferry inbox` lists: sender, size, time, hash).
public struct InboxRecord: Codable, Sendable, Equatable {
    /// The file's absolute path in the Inbox.
    public var path: String
    /// The app whose Inbox holds it.
    public var app: String
    /// The sender's name and certificate fingerprint.
    public var sender: String
    public var fingerprint: String
    public var size: UInt64
    public var sha256: String
    /// Seconds since the Unix epoch when it arrived.
    public var time: Double

    public init(path: String, app: String, sender: String, fingerprint: String, size: UInt64, sha256: String, time: Double) {
        self.path = path
        self.app = app
        self.sender = sender
        self.fingerprint = fingerprint
        self.size = size
        self.sha256 = sha256
        self.time = time
    }

    /// The log's path for a data home (``FerryPaths/dataHome``).
    public static func log(dataHome: String) -> String { dataHome + "/transfer/received.jsonl" }

    /// The records in `log`, oldest first; unreadable lines are skipped.
    public static func read(_ log: String) -> [InboxRecord] {
        guard let data = FileManager.default.contents(atPath: log) else { return [] }
        return data.split(separator: 0x0A).compactMap { try? InboxRecord(json: $0) }
    }

    /// Appends this record to `log` as one line (O_APPEND, so concurrent writers do not interleave).
    public func append(to log: String) {
        Self.append([self], to: log)
    }

    /// Appends records to `log`, a line each, in one write: an offer of 10,000 files opens the log
    /// once, not 10,000 times.
    public static func append(_ records: [InboxRecord], to log: String) {
        var lines: [UInt8] = []
        for record in records { lines += record.jsonLine() }
        guard !lines.isEmpty else { return }
        let fd = open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var offset = 0
        while offset < lines.count {
            let n = lines.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            offset += n
        }
    }
}
