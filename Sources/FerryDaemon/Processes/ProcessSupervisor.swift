import FerryCore
import FoundationEssentials
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// Starts and signals ferryd's child processes, and tells the reaper and the next ferryd (its
/// ``AppRecords``) about each one. Holds no app state: the app manager decides, this does.
struct ProcessSupervisor: Sendable {
    let reaper: ProcessReaper
    let records: AppRecords
    let logDirectory: String
    let logger: Logger

    /// Starts a managed app with its launch token on a pipe (descriptor 3) and, if it has saved
    /// state, the memory file (descriptor 4), stdout and stderr to its log file.
    /// - Returns: Its pid.
    func spawnManaged(_ command: LaunchCommand, app: String, token: String, stateFile: Int32?) throws(DaemonError) -> pid_t {
        let pid: pid_t
        do {
            let tokenPipe = try TokenPipe(token)
            defer { tokenPipe.closeReadEnd() }
            pid = try Launcher.spawn(command, bundleIdentifier: app, output: logFile(app),
                                     passing: [tokenPipe.readEnd] + (stateFile.map { [$0] } ?? []))
        } catch let error as DaemonError {
            throw error
        } catch {
            throw DaemonError.failedToStart("\(error)")
        }
        records.started(pid, app: app)
        reaper.childStarted()
        return pid
    }

    /// Starts a command app nobody waits for (one opened for a received file). The reaper reaps
    /// it: otherwise it stays a zombie while no managed app runs.
    func startCommand(_ command: LaunchCommand, app: String) throws -> pid_t {
        let pid = try Launcher.spawn(command, bundleIdentifier: app, output: logFile(app))
        reaper.childStarted()
        return pid
    }

    /// SIGSTOP, without telling the app, as iOS suspends.
    func stop(_ pid: pid_t) { _ = Glibc.kill(pid, SIGSTOP) }

    /// SIGCONT.
    func resume(_ pid: pid_t) { _ = Glibc.kill(pid, SIGCONT) }

    /// SIGKILL, and SIGCONT so a stopped process handles it at once.
    func kill(_ pid: pid_t) {
        _ = Glibc.kill(pid, SIGKILL)
        _ = Glibc.kill(pid, SIGCONT)
    }

    /// The process ended (the reaper saw it).
    func ended(_ pid: pid_t) { records.ended(pid) }

    /// The app's log file, in a folder created if need be (the spawn cannot open it otherwise).
    func logFile(_ app: String) -> String {
        try? FileManager.default.createDirectory(atPath: logDirectory, withIntermediateDirectories: true)
        return logDirectory + "/\(app).log"
    }

    /// A one-time launch token: 128 random bits in hex.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}
