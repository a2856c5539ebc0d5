import FerryCore
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// ferryd as shell completion may use it: only when it already runs, never started (connecting to
/// a systemd-activated socket would start it), and never waited for beyond ``budget``.
struct RunningDaemon {
    /// The most a completion waits for ferryd, in milliseconds, handshake included.
    static let budget = 300

    var context: Context

    var socketPath: String { DaemonSocket.path(environment: context.environment) }

    /// Whether a ferryd holds its single-instance lock (`<socket>.lock`, an flock) now, read from
    /// /proc/locks: taking the lock ourselves to test it could make a starting ferryd give up.
    var isRunning: Bool {
        var info = stat()
        guard stat(socketPath + ".lock", &info) == 0,
              let locks = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return false }
        return Self.holdsFlock(locks, device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Whether `locks` (/proc/locks) lists a granted flock on the file `device`/`inode`.
    static func holdsFlock(_ locks: String, device: UInt64, inode: UInt64) -> Bool {
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)
        let minor = (device & 0xff) | ((device >> 12) & ~0xff)
        let file = hex2(major) + ":" + hex2(minor) + ":" + String(inode)
        return locks.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ")
            // A waiter's line reads `N: -> FLOCK …`: not a held lock.
            return fields.count > 5 && fields[1] == "FLOCK" && fields[5] == file
        }
    }

    /// `request`'s result from a ferryd that already runs, or nil: none runs, it refused or failed,
    /// or it did not answer within ``budget``.
    func ask(_ request: ClientRequest) -> DaemonReply.Result? {
        guard isRunning, DaemonSocket.problem(withFolderOf: socketPath) == nil,
              let socket = try? LineSocket.connect(to: socketPath) else { return nil }
        let deadline = Self.now() + Self.budget
        do {
            try socket.send(.handshake(.hello(.client)))
            guard case .handshake(.welcome)? = try Self.next(socket, deadline) else { return nil }
            try socket.send(.request(.init(id: 1, request)))
            while let answer = try Self.next(socket, deadline) {
                switch answer {
                case .reply(let reply) where reply.id == 1:
                    if case .result(let result) = reply.body { return result.outcome == .failed ? nil : result }
                case .handshake(.error): return nil
                default: continue
                }
            }
        } catch {}
        return nil
    }

    private static func next(_ socket: LineSocket, _ deadline: Int) throws -> WireMessage? {
        let left = deadline - now()
        guard left > 0 else { return nil }
        return try socket.receiveMessage(timeout: Int32(left))
    }

    /// Monotonic milliseconds.
    private static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
    }

    private static func hex2(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return text.count < 2 ? "0" + text : text
    }
}
