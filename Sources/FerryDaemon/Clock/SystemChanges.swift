import FerryCore

#if canImport(Glibc)
import Glibc
#endif

/// Which system changes a batch of inotify events on `/etc` and `/etc/default` stands for: the
/// time zone (`localtime` replaced, relinked or written) or the locale (`locale.conf`, Debian's
/// `default/locale`). Pure, so it is tested without touching /etc.
struct SystemChanges: Equatable {
    var timeZone = false
    var locale = false

    /// The events that count: an entry made, renamed in, written or removed.
    static let mask = UInt32(IN_CREATE | IN_MOVED_TO | IN_CLOSE_WRITE | IN_DELETE | IN_ONLYDIR)

    init(timeZone: Bool = false, locale: Bool = false) {
        self.timeZone = timeZone
        self.locale = locale
    }

    /// - Parameters:
    ///   - etc: The watch on the `/etc` folder.
    ///   - etcDefault: The watch on `/etc/default`.
    init(_ events: [Inotify.Event], etc: Int32?, etcDefault: Int32?) {
        for event in events {
            if event.watch == etc && event.name == "localtime" { timeZone = true }
            if (event.watch == etc && event.name == "locale.conf") || (event.watch == etcDefault && event.name == "locale") {
                locale = true
            }
        }
    }

    /// The system locale: `LANG` from `locale.conf`, else from Debian's `default/locale`.
    static func locale(etc: String) -> String? {
        for file in [etc + "/locale.conf", etc + "/default/locale"] {
            guard let bytes = FileSystem.regularFileBytes(file) else { continue }
            if let lang = lang(in: String(decoding: bytes, as: UTF8.self)) { return lang }
        }
        return nil
    }

    /// The value of `LANG=` in a locale file (shell syntax: comments, optional quotes).
    static func lang(in text: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("LANG=") else { continue }
            let value = trimmed.dropFirst(5).trimmingCharacters(in: " \t\"'")
            return value.isEmpty ? nil : value
        }
        return nil
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
