import Logging

#if canImport(Glibc)
import Glibc
#endif

/// One file per running managed app, `<socket>.apps/<pid>`, holding the process's start time and
/// bundle id: after ferryd dies (kill -9, a crash), the next ferryd finds the previous one's apps
/// and ends them, rather than leave suspended ones stopped for ever and launch second instances.
/// The start time tells the app from a later process that reuses its pid.
struct AppRecords {
    let folder: String

    init(socketPath: String) {
        folder = socketPath + ".apps"
    }

    /// Notes that `pid` runs `app`.
    func started(_ pid: pid_t, app: String) {
        mkdir(folder, 0o700)
        guard let start = Self.startTime(pid) else { return }
        let fd = open(folder + "/\(pid)", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let line = Array("\(start) \(app)\n".utf8)
        _ = write(fd, line, line.count)
        close(fd)
    }

    /// Forgets `pid`, which ended.
    func ended(_ pid: pid_t) {
        unlink(folder + "/\(pid)")
    }

    /// Ends every app a previous ferryd left running: SIGCONT and SIGTERM, SIGKILL after `grace`.
    ///
    /// - Returns: The pids it ended.
    @discardableResult
    func endOrphans(grace: Duration = .seconds(2), logger: Logger) -> [pid_t] {
        let orphans = Self.entries(folder).compactMap { pid -> pid_t? in
            defer { ended(pid) }
            guard let text = Self.read(folder + "/\(pid)"), let recorded = text.split(separator: " ").first,
                  Self.startTime(pid) == String(recorded) else { return nil }
            logger.notice("ending an app of a previous ferryd", metadata: ["pid": "\(pid)", "record": "\(text)"])
            kill(pid, SIGCONT)
            kill(pid, SIGTERM)
            return pid
        }
        let deadline = ContinuousClock.now + grace
        while orphans.contains(where: Self.runs) && ContinuousClock.now < deadline { usleep(20_000) }
        for pid in orphans where Self.runs(pid) { kill(pid, SIGKILL) }
        return orphans
    }

    /// Field 22 of /proc/PID/stat: when the process started, in clock ticks since boot.
    static func startTime(_ pid: pid_t) -> String? {
        guard let stat = read("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 19 ? String(fields[19]) : nil
    }

    /// Whether `pid` exists and is not a zombie.
    static func runs(_ pid: pid_t) -> Bool {
        guard let stat = read("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(after: close)...].split(separator: " ").first
        return state != "Z" && state != "X"
    }

    private static func entries(_ folder: String) -> [pid_t] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var pids: [pid_t] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let pid = pid_t(name), pid > 0 { pids.append(pid) }
        }
        return pids
    }

    private static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = Glibc.read(fd, &buffer, buffer.count)
        return count > 0 ? String(decoding: buffer.prefix(count), as: UTF8.self) : nil
    }
}
