import FerryCore

#if canImport(Glibc)
import Glibc
#endif

extension ProcessSupervisor {
    /// Where a failed app's output went, for the line the user sees: `; its log is PATH, ending: LINE`
    /// (stdout and stderr share the file), or nothing when the app has no log.
    func logHint(_ app: String) -> String {
        let path = logDirectory + "/\(app).log"
        guard FileSystem.exists(path) else { return "" }
        return "; its log is \(path)" + (Self.lastLine(of: path).map { ", ending: \($0)" } ?? "")
    }

    /// The last non-blank line of the file's last `window` bytes, control characters removed and
    /// cut to 200 characters: an app's output is its own text.
    static func lastLine(of path: String, window: Int = 4096) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let end = lseek(fd, 0, SEEK_END)
        guard end > 0 else { return nil }
        let start = max(0, end - off_t(window))
        var bytes = [UInt8](repeating: 0, count: Int(end - start))
        let count = pread(fd, &bytes, bytes.count, start)
        guard count > 0 else { return nil }
        let text = String(decoding: bytes.prefix(count), as: UTF8.self)
        let line = text.split(whereSeparator: \.isNewline).last { !$0.allSatisfy(\.isWhitespace) }
        return line.map { String(String($0.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }).prefix(200)) }
    }
}
