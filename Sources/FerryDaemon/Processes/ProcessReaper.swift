import Dispatch
import ServiceLifecycle
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Reaps ferryd's children on a thread of its own — `waitpid` blocks — and reports each exit.
final class ProcessReaper: Sendable {
    /// A child that ended: its pid and raw wait status.
    struct Exit: Sendable {
        var pid: pid_t
        var status: Int32
    }

    let exits: AsyncStream<Exit>
    private let continuation: AsyncStream<Exit>.Continuation
    private let children = DispatchSemaphore(value: 0)
    private let started = Mutex(false)

    init() {
        (exits, continuation) = AsyncStream.makeStream(of: Exit.self)
    }

    /// Wakes the thread after a spawn when it sleeps for want of children; the first spawn starts
    /// it, so a ferryd (or a test process) that never spawns never runs `waitpid(-1)`, which would
    /// take the exits of children that are not its own to reap.
    func childStarted() {
        let first = started.withLock { started in
            defer { started = true }
            return !started
        }
        if first { BlockingThread.start { [continuation, children] in Self.loop(continuation, children) } }
        children.signal()
    }

    private static func loop(_ continuation: AsyncStream<Exit>.Continuation, _ children: DispatchSemaphore) {
        while true {
            var status: Int32 = 0
            let pid = waitpid(-1, &status, 0)
            if pid > 0 {
                continuation.yield(Exit(pid: pid, status: status))
            } else if errno == ECHILD {
                children.wait()
            }
        }
    }
}

/// Feeds the reaper's exits to the app manager.
struct ReaperService: Service {
    let reaper: ProcessReaper
    let manager: AppManager

    func run() async throws {
        for await exit in reaper.exits.cancelOnGracefulShutdown() {
            await manager.processExited(pid: exit.pid, status: exit.status)
        }
    }
}

/// Enforces deadlines (watchdog, event and quit timeouts) and suspends idle background apps.
struct SweeperService: Service {
    let manager: AppManager

    func run() async throws {
        // Quits run in child tasks: their events' timeouts are enforced by this very loop.
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                while !Task.isShuttingDownGracefully && !Task.isCancelled {
                    let work = await manager.sweep()
                    for app in work.quit {
                        group.addTask { _ = try? await manager.quit(app) }
                    }
                    for (app, task) in work.warn {
                        group.addTask { await manager.warnExpiry(app, task: task) }
                    }
                    // With no app running nothing can fall due: sleep until one is launched.
                    await manager.sweepAlarm.wait(upTo: await manager.nextSweep ?? .seconds(3600))
                }
            }
        } onGracefulShutdown: {
            manager.sweepAlarm.ring()
        }
    }
}
