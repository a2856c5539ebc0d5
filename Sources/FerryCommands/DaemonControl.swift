import ArgumentParser
import FerryCore
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// `ferry daemon status | stop | restart`, with no request of its own: the pid comes from the
/// socket's peer credentials, the version from the handshake, the uptime from /proc.
struct DaemonControl {
    var context: Context
    /// How long `stop` waits for ferryd to wind down (it tells its apps to terminate first).
    var stopLimit: Duration = .seconds(20)

    var socketPath: String { DaemonSocket.path(environment: context.environment) }

    /// What `status` prints; `--json` prints it as it is.
    struct Status: Encodable, Equatable {
        var running: Bool
        var pid: Int32?
        var version: String?
        var socket: String
        var uptimeSeconds: Int?
    }

    /// The running ferryd as it answers, or `running: false`. Never starts one.
    func status() -> Status {
        var status = Status(running: false, socket: socketPath)
        guard RunningDaemon(context: context).isRunning, let socket = try? LineSocket.connect(to: socketPath) else { return status }
        status.running = true
        status.pid = Self.daemonPID(socket.fileDescriptor, lockFile: socketPath + ".lock")
        if (try? socket.send(.handshake(.hello(.client)))) != nil,
           case .handshake(.welcome(let welcome))? = try? socket.receiveMessage(timeout: 2000) {
            status.version = welcome.server
        }
        status.uptimeSeconds = status.pid.flatMap(Self.uptime)
        return status
    }

    /// Sends SIGTERM to the running ferryd and waits until it has let go of its socket.
    /// - Returns: The status it had, or nil when none was running.
    /// - Throws: A ``CommandFailure`` when it did not stop within ``stopLimit``.
    func stop() throws -> Status? {
        let before = status()
        guard before.running, let pid = before.pid else { return nil }
        guard kill(pid, SIGTERM) == 0 else {
            throw CommandFailure(message: "cannot stop ferryd (pid \(pid)): \(String(cString: strerror(errno)))", exit: FerryExit.unavailable)
        }
        let clock = ContinuousClock(), deadline = clock.now + stopLimit
        while RunningDaemon(context: context).isRunning {
            guard clock.now < deadline else {
                throw CommandFailure(message: "ferryd (pid \(pid)) did not stop within \(stopLimit.components.seconds) s (an app may not be exiting); `kill -KILL \(pid)` ends it",
                                     exit: FerryExit.unavailable)
            }
            usleep(20_000)
        }
        return before
    }

    /// The peer of the daemon's socket, or the pid in its lock file when the peer is not ferryd
    /// (under socket activation, the listener's credentials are systemd's).
    static func daemonPID(_ fd: Int32, lockFile: String) -> Int32? {
        var credentials: (Int32, UInt32, UInt32) = (0, 0, 0)  // struct ucred, hidden behind _GNU_SOURCE
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        if getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0, credentials.0 > 0,
           isDaemon(credentials.0) { return credentials.0 }
        return (try? String(contentsOfFile: lockFile, encoding: .utf8)).flatMap { Int32($0.filter(\.isNumber)) }
    }

    private static func isDaemon(_ pid: Int32) -> Bool {
        let comm = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
        return comm.hasPrefix("ferryd")
    }

    /// Seconds since `pid` started: /proc/PID/stat's start time (clock ticks after boot) against /proc/uptime.
    static func uptime(_ pid: Int32) -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let uptime = try? String(contentsOfFile: "/proc/uptime", encoding: .utf8),
              let boot = uptime.split(separator: " ").first.flatMap({ Double($0) }) else { return nil }
        // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        return max(0, Int(boot - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))))
    }

    /// `running, pid 123, ferryd 0.1.0, socket /run/user/1000/ferryd.sock, up 2 h 5 min`.
    static func describe(_ status: Status, verb: String = "is running") -> String {
        guard status.running else { return "ferryd is not running (socket \(status.socket))" }
        let parts = ["ferryd \(verb)", status.pid.map { "pid \($0)" }, status.version, "socket \(status.socket)",
                     status.uptimeSeconds.map { "up \(duration($0))" }]
        return parts.compactMap { $0 }.joined(separator: ", ")
    }

    static func duration(_ seconds: Int) -> String {
        switch seconds {
        case ..<60: "\(seconds) s"
        case ..<3600: "\(seconds / 60) min \(seconds % 60) s"
        case ..<86400: "\(seconds / 3600) h \(seconds % 3600 / 60) min"
        default: "\(seconds / 86400) d \(seconds % 86400 / 3600) h"
        }
    }
}
