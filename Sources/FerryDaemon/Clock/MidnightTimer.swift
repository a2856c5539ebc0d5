import CFerrySys

#if canImport(Glibc)
import Glibc
#endif

/// A `timerfd` on `CLOCK_REALTIME` armed for the next local midnight with
/// `TFD_TIMER_CANCEL_ON_SET`, waited for on the ``WatchThread``: it yields `.midnight` when it fires
/// and `.clockSet` when the read fails with `ECANCELED` (someone set the system clock), re-arming
/// itself after each. No polling: the kernel wakes it. ``close()`` ends the stream.
final class MidnightTimer: Sendable {
    let events: AsyncStream<QueuedNotification.TimeChange>
    private let fd: Int32
    /// When to fire next, in seconds since the epoch (the next local midnight by default).
    private let next: @Sendable () -> Int

    /// - Parameter next: The realtime second to fire at next; tests give an instant close by.
    init?(next: @escaping @Sendable () -> Int = MidnightTimer.nextLocalMidnight) {
        let fd = ferry_realtime_timerfd()
        guard fd >= 0 else { return nil }
        let (stream, continuation) = AsyncStream.makeStream(of: QueuedNotification.TimeChange.self)
        (events, self.fd, self.next) = (stream, fd, next)
        arm()
        let watch = WatchThread.Watch(events: Int16(POLLIN), ready: { [self] _ in
            guard let change = Self.read(fd) else { return errno == EAGAIN || errno == EINTR }
            continuation.yield(change)
            arm()
            return true
        }, end: {
            continuation.finish()
            Glibc.close(fd)
        })
        guard WatchThread.shared.add(fd, watch) else {
            Glibc.close(fd)
            return nil
        }
    }

    /// Arms the timer for ``next``, again after a time-zone change (midnight moved).
    func arm() {
        _ = ferry_timerfd_arm(fd, Int64(next()))
    }

    /// Ends the stream; the watch thread closes the descriptor.
    func close() {
        WatchThread.shared.remove(fd)
    }

    /// Reads the timer once it is readable: nil with `errno` set when there was nothing to read
    /// (EAGAIN) or the read failed.
    private static func read(_ fd: Int32) -> QueuedNotification.TimeChange? {
        var expirations: UInt64 = 0
        let count = Glibc.read(fd, &expirations, 8)
        if count == 8 { return .midnight }
        if count < 0 && errno == ECANCELED { return .clockSet }
        if count >= 0 { errno = EIO }
        return nil
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
