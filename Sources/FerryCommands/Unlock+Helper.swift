import FerryCore
import FerryProtection

#if canImport(Glibc)
import Glibc
#endif

extension Ferry.Unlock {
    /// Unlocks with no ferryd running (PAM at login): `ferryd --unlock` opens the sealed keys, so
    /// that `ferry` links no crypto. The passphrase goes on a pipe, never in arguments or environment.
    ///
    /// - Returns: The unlock's outcome or its ``ProtectionError``, as ferryd's reply says.
    /// - Throws: ``CommandFailure`` when ferryd cannot be found or run, or gives no reply.
    static func unlockThroughHelper(_ context: Context, passphrase: [UInt8]) throws -> Result<DataProtection.Unlock, ProtectionError> {
        guard let daemon = Context.daemonExecutable(context.environment) else {
            throw CommandFailure(message: "ferryd not found beside ferry or in PATH (it opens the class keys); set FERRY_DAEMON to its path", exit: FerryExit.unavailable)
        }
        let input = try HelperPipe(), reply = try HelperPipe()
        let pid = try spawnHelper(daemon, context, input: input, reply: reply)
        // A helper that died before reading must not end ferry with SIGPIPE: its reply (none) says so.
        signal(SIGPIPE, SIG_IGN)
        UnlockHandoff.writeAll(input.write, passphrase)
        close(input.write)
        let answer = UnlockHandoff.readAll(reply.read, limit: 1 << 20)
        close(reply.read)
        let decoded = UnlockHandoff.Reply.decode(answer)
        // No reply: maybe an older ferryd that took --unlock for a daemon's start; do not wait on it.
        // Not reaped yet, so the pid is still this child's even if it has exited.
        if decoded == nil { kill(pid, SIGTERM) }
        let termination = Launcher.wait(for: pid)
        guard let decoded else {
            throw CommandFailure(message: "\(daemon) --unlock ended (status \(termination.shellStatus)) without a reply; no key was added: is it the ferryd of this ferry?", exit: FerryExit.unavailable)
        }
        return decoded.result
    }

    /// Starts `ferryd --unlock` with the passphrase pipe's reading end as its fd 3 and the reply
    /// pipe's writing end as its fd 4; closes this side's copies of those two.
    private static func spawnHelper(_ daemon: String, _ context: Context, input: HelperPipe, reply: HelperPipe) throws -> pid_t {
        defer {
            close(input.read)
            close(reply.write)
        }
        do {
            return try Launcher.spawn(daemon, arguments: [daemon, "--unlock"], environment: context.environment,
                                      passing: [input.read, reply.write])
        } catch {
            close(input.write)
            close(reply.read)
            throw CommandFailure(message: "cannot run \(daemon) --unlock: \(String(cString: strerror(error.code)))", exit: FerryExit.unavailable)
        }
    }
}

/// A close-on-exec pipe: the child gets only the ends Launcher moves to its descriptors 3 and 4.
private struct HelperPipe {
    let read: Int32
    let write: Int32

    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw CommandFailure(message: "cannot make a pipe for ferryd --unlock: \(String(cString: strerror(errno)))", exit: FerryExit.unavailable)
        }
        ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        (read, write) = (ends[0], ends[1])
    }
}
