import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The one thread on which ferryd waits for the descriptors it watches outside NIO: the shared
/// inotify descriptor, the midnight timerfd, the memory-pressure trigger. One thread polling them
/// all instead of one blocked thread each: every thread costs a stack and, once it allocates, a
/// malloc arena. Handlers run on this thread and must not block.
final class WatchThread: Sendable {
    static let shared = WatchThread()

    /// A watched descriptor: `ready` gets poll's `revents` and returns false to end the watch; `end`
    /// runs once after that or after ``remove(_:)``, on this thread, and closes the descriptor.
    struct Watch: Sendable {
        var events: Int16
        var ready: @Sendable (Int16) -> Bool
        var end: @Sendable () -> Void
    }

    private struct State {
        var watches: [Int32: Watch] = [:]
        var ending: [Watch] = []
        var started = false
    }

    /// A pipe whose read end wakes the poll when the set of watches changes; -1s when there is none.
    private let wake: (read: Int32, write: Int32)
    private let state = Mutex(State())

    init() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            wake = (-1, -1)
            return
        }
        for end in ends { _ = fcntl(end, F_SETFL, O_NONBLOCK) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        wake = (ends[0], ends[1])
    }

    /// Watches `fd` (made non-blocking: a handler reads until EAGAIN at most) for `watch.events`.
    /// - Returns: false when there is no thread to watch it on; `watch.end` is not called then.
    func add(_ fd: Int32, _ watch: Watch) -> Bool {
        guard wake.read >= 0 else { return false }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        let start = state.withLock { state in
            state.watches[fd] = watch
            defer { state.started = true }
            return !state.started
        }
        if start { BlockingThread.start { [self] in run() } } else { signal() }
        return true
    }

    /// Ends the watch on `fd`: its `end` runs on the thread, which closes the descriptor.
    func remove(_ fd: Int32) {
        state.withLock { state in
            if let watch = state.watches.removeValue(forKey: fd) { state.ending.append(watch) }
        }
        signal()
    }

    private func signal() {
        var one: UInt8 = 1
        _ = write(wake.write, &one, 1)
    }

    private func run() {
        while true {
            let (watches, ending) = state.withLock { state in
                defer { state.ending = [] }
                return (state.watches, state.ending)
            }
            for watch in ending { watch.end() }
            var fds = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            fds += watches.map { pollfd(fd: $0.key, events: $0.value.events, revents: 0) }
            if poll(&fds, nfds_t(fds.count), -1) < 0 { continue }  // EINTR
            var drain = [UInt8](repeating: 0, count: 64)
            if fds[0].revents != 0 { while read(wake.read, &drain, drain.count) > 0 {} }
            for ready in fds.dropFirst() where ready.revents != 0 { dispatch(ready.fd, ready.revents) }
        }
    }

    /// Runs the handler of `fd`, unless its watch was removed meanwhile (its `end` is still to run,
    /// so the descriptor is open), and ends the watch when the handler says so.
    private func dispatch(_ fd: Int32, _ revents: Int16) {
        guard let watch = state.withLock({ $0.watches[fd] }), !watch.ready(revents) else { return }
        let ended = state.withLock { $0.watches.removeValue(forKey: fd) }
        ended?.end()
    }
}
