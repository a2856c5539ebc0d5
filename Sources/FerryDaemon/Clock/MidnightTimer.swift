import CFerrySys

#if canImport(Glibc)
import Glibc
#endif

/// A `timerfd` on `CLOCK_REALTIME` armed for the next local midnight with
/// `TFD_TIMER_CANCEL_ON_SET`, read on a thread of its own: it yields `.midnight` when it fires and
/// `.clockSet` when the read fails with `ECANCELED` (someone set the system clock), re-arming itself
/// after each. No polling: the kernel wakes it. ``close()`` ends the stream and the thread.
final class MidnightTimer: Sendable {
    let events: AsyncStream<QueuedNotification.TimeChange>
    private let fd: Int32
    private let wake: Int32
    /// When to fire next, in seconds since the epoch (the next local midnight by default).
    private let next: @Sendable () -> Int

    /// - Parameter next: The realtime second to fire at next; tests give an instant close by.
    init?(next: @escaping @Sendable () -> Int = MidnightTimer.nextLocalMidnight) {
        var ends: [Int32] = [-1, -1]
        let fd = ferry_realtime_timerfd()
        guard fd >= 0, pipe(&ends) == 0 else {
            if fd >= 0 { Glibc.close(fd) }
            return nil
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let (stream, continuation) = AsyncStream.makeStream(of: QueuedNotification.TimeChange.self)
        (events, self.fd, wake, self.next) = (stream, fd, ends[1], next)
        arm()
        let stop = ends[0], wake = ends[1]
        BlockingThread.start { [self] in
            while let change = Self.wait(fd, unless: stop) {
                continuation.yield(change)
                arm()
            }
            continuation.finish()
            for end in [fd, stop, wake] { Glibc.close(end) }
        }
    }

    /// Arms the timer for ``next``, again after a time-zone change (midnight moved).
    func arm() {
        _ = ferry_timerfd_arm(fd, Int64(next()))
    }

    /// Ends the stream and its thread.
    func close() {
        var one: UInt8 = 1
        _ = write(wake, &one, 1)
    }

    /// Blocks until the timer fires or the clock is set; nil once `stop` is readable.
    private static func wait(_ fd: Int32, unless stop: Int32) -> QueuedNotification.TimeChange? {
        while true {
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: stop, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 2, -1) < 0 { if errno == EINTR { continue } else { return nil } }
            if fds[1].revents != 0 { return nil }
            var expirations: UInt64 = 0
            let count = read(fd, &expirations, 8)
            if count == 8 { return .midnight }
            if count < 0 && errno == ECANCELED { return .clockSet }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            return nil
        }
    }

    /// The next local midnight, in seconds since the epoch, under the time zone in force now.
    @Sendable static func nextLocalMidnight() -> Int {
        tzset()
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        parts.tm_mday += 1
        parts.tm_hour = 0
        parts.tm_min = 0
        parts.tm_sec = 0
        parts.tm_isdst = -1
        return mktime(&parts)
    }
}
