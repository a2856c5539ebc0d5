import Logging

#if canImport(Glibc)
import Glibc
#endif

/// Log lines for systemd's journal: `<N>` syslog-priority prefixes on stderr, no timestamps (the
/// journal adds its own), one line per message with its metadata as `key=value`.
public struct JournalLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    private let label: String

    public init(label: String) { self.label = label }

    /// Whether stderr is the journal: `JOURNAL_STREAM` (`DEVICE:INODE`) names stderr's file, as
    /// systemd sets it for a service whose output goes to the journal.
    public static func isJournal(environment: [String: String]) -> Bool {
        guard let value = environment["JOURNAL_STREAM"] else { return false }
        var info = stat()
        guard fstat(2, &info) == 0 else { return false }
        return value == "\(info.st_dev):\(info.st_ino)"
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var all = metadata
        if let extra = event.metadata { all.merge(extra) { $1 } }
        let fields = all.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
        let text = "\(event.message)\(fields)".replacing("\n", with: " ")
        let line = Array("<\(Self.priority(event.level))>\(text)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }

    /// The syslog priority of a level (sd-daemon(3)).
    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }
}
