import FerryCore

#if canImport(Glibc)
import Glibc
#endif

extension AppManager {
    /// Starts a managed app: no URL in argv (it comes as launch options), the daemon's socket in the
    /// environment, a one-time launch token on a pipe, stdout and stderr to the app's log file.
    func spawn(_ installed: InstalledApp) throws {
        let app = installed.bundleIdentifier
        let token = ProcessSupervisor.newToken()
        var environment = configuration.environment.filter { !Self.launchVariables.contains($0.key) }
        environment["FERRY_SOCKET"] = configuration.socketPath
        // The token goes on a pipe (descriptor 3), never in the environment: see TokenPipe.
        environment["FERRY_LAUNCH_TOKEN_FD"] = "3"
        // Restoration only while unlocked: a launch while locked starts without its state, which
        // stays for the next launch (the archive is not taken, so not discarded).
        let state = protection?.isProtectedDataAvailable == false ? nil : states.take(app)
        protection?.prepareContainer(installed, paths: configuration.paths)
        if state != nil { environment["FERRY_STATE_FD"] = "4" }
        let pid: pid_t
        do {
            let command = try LaunchCommand(app: installed, url: nil, sourceApplication: nil,
                                            paths: configuration.paths, environment: environment)
            pid = try supervisor.spawnManaged(command, app: app, token: token, stateFile: state?.memory)
        } catch {
            state?.close()
            throw error as? DaemonError ?? DaemonError.failedToStart("\(error)")
        }
        apply(.spawn, to: app)
        controllers[app]?.spawned(pid: pid, token: token, manifest: installed.manifest, now: clock.now,
                                  watchdog: configuration.launchWatchdog)
        // Decrypting overlaps the process's start; it reads the state only when
        // willFinishLaunching, which waits for it, says there is one.
        if let state { prepareState(state, installed) }
        logger.info("launched", metadata: ["app": "\(app)", "pid": "\(pid)"])
        // The sweeper sleeps while no app runs; this one has a launch deadline.
        sweepAlarm.ring()
    }

    /// Variables of one launch that must not leak from ferryd's own environment into another's.
    static let launchVariables: Set = ["FERRY_LAUNCH_TOKEN", "FERRY_LAUNCH_TOKEN_FD", "FERRY_STATE_FD"]

    /// A child process ended: the app is Not running, and everyone waiting on it is told why.
    func processExited(pid: pid_t, status: Int32) {
        guard let app = controllers.app(pid: pid) else { return }
        supervisor.ended(pid)
        let signal = status & 0x7F
        let how = signal == 0 ? "exited with status \((status >> 8) & 0xFF)" : "was killed by signal \(signal)"
        logger.info("exited", metadata: ["app": "\(app)", "pid": "\(pid)", "how": "\(how)"])
        guard let (link, waiters, exitWaiters) = controllers[app]?.exited() else { return }
        fail(app, waiters, "\(app) \(how)")
        apply(.exited, to: app)
        link?.close()
        for waiter in exitWaiters { waiter.resume() }
        foreground.left(app)
    }

    /// SIGCONT: a suspended app runs again (in the background).
    func resume(_ app: String) {
        guard let pid = controllers[app]?.pid, state(app) == .suspended else { return }
        supervisor.resume(pid)
        apply(.resume, to: app)
    }

    /// SIGSTOP, without telling the app, as iOS suspends.
    func suspend(_ app: String) {
        guard let pid = controllers[app]?.pid, state(app) == .background else { return }
        supervisor.stop(pid)
        apply(.suspend, to: app)
        logger.info("suspended", metadata: ["app": "\(app)", "pid": "\(pid)"])
    }

    /// SIGKILL, and SIGCONT so a stopped process handles it at once.
    func forceKill(_ app: String, reason: String) {
        guard let pid = controllers[app]?.pid else { return }
        logger.notice("killing", metadata: ["app": "\(app)", "reason": "\(reason)"])
        supervisor.kill(pid)
    }

    /// Waits until the app's process has exited; after `timeout`, the sweeper kills it.
    func awaitExit(_ app: String, timeout: Duration) async {
        guard controllers[app]?.pid != nil else { return }
        controllers[app]?.session.awaitExit(now: clock.now, timeout: timeout, reason: "did not exit within \(timeout)")
        await withCheckedContinuation { controllers[app]?.exitWaiters.append($0) }
    }
}
