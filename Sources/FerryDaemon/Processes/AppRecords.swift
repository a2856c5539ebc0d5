import CFerrySys
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
    /// Returns as soon as they have all ended: each is watched by a pidfd, which polls readable at
    /// its exit (they are not our children, so waitpid cannot).
    ///
    /// - Returns: The pids it ended.
    @discardableResult
    func endOrphans(grace: Duration = .seconds(2), logger: Logger) -> [pid_t] {
        var exits: [Int32] = []
        let orphans = Self.entries(folder).compactMap { pid -> pid_t? in
            defer { ended(pid) }
            // Opened before the checks: from here the pidfd names this process, never a later one.
            let exit = ferry_pidfd_open(pid)
            guard let text = Self.read(folder + "/\(pid)"), let recorded = text.split(separator: " ").first,
                  Self.startTime(pid) == String(recorded) else {
                if exit >= 0 { close(exit) }
                return nil
            }
            logger.notice("ending an app of a previous ferryd", metadata: ["pid": "\(pid)", "record": "\(text)"])
            kill(pid, SIGCONT)
            kill(pid, SIGTERM)
            exits.append(exit)
            return pid
        }
        let running = Self.waitForExits(Array(zip(exits, orphans)), until: ContinuousClock.now + grace)
        for (_, pid) in running { kill(pid, SIGKILL) }
        for exit in exits where exit >= 0 { close(exit) }
        return orphans
    }

    /// Waits until every process has ended or `deadline` passes: on their pidfds, which poll
    /// readable at the exit, or looking every 20 ms at those without one (a kernel before 5.3).
    ///
    /// - Returns: Those still running.
    static func waitForExits(_ processes: [(exit: Int32, pid: pid_t)], until deadline: ContinuousClock.Instant) -> [(exit: Int32, pid: pid_t)] {
        var left = processes
        while true {
            left = left.filter { $0.exit >= 0 || runs($0.pid) }
            let remaining = deadline - ContinuousClock.now
            guard !left.isEmpty, remaining > .zero else { return left }
            let limit = left.contains { $0.exit < 0 } ? min(remaining, .milliseconds(20)) : remaining
            var fds = left.map { pollfd(fd: $0.exit, events: Int16(POLLIN), revents: 0) }
            let milliseconds = limit.components.seconds * 1000 + limit.components.attoseconds / 1_000_000_000_000_000 + 1
            guard poll(&fds, nfds_t(fds.count), Int32(clamping: milliseconds)) >= 0 || errno == EINTR else { return left }
            left = zip(left, fds).filter { $0.1.revents == 0 }.map(\.0)
        }
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
