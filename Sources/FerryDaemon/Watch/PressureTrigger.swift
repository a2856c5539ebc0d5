import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A Linux PSI trigger (`/proc/pressure/memory`, Documentation/accounting/psi.rst): the kernel
/// raises POLLPRI when tasks stalled on memory for more than a set time within a window, at most
/// once per window. Polled on the ``WatchThread``, its events turned into an async stream.
final class PressureTrigger: Sendable {
    let events: AsyncStream<Void>
    private let fd: Int32

    /// Sets a trigger for `stall` of stalled time within each `window` (0.5 s to 10 s); nil when
    /// the kernel refuses it: no PSI, a kernel without triggers, or an unprivileged process (which
    /// needs CAP_SYS_RESOURCE for windows that are not multiples of 2 s), as in many containers.
    convenience init?(path: String, stall: Duration, window: Duration) {
        let fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        let text = Array("some \(Self.microseconds(stall)) \(Self.microseconds(window))\u{0}".utf8)
        guard write(fd, text, text.count) == text.count else {
            Glibc.close(fd)
            return nil
        }
        self.init(descriptor: fd)
    }

    /// Polls `fd` for POLLPRI, each one an event, until ``close()`` or an error; takes over the
    /// descriptor.
    init?(descriptor fd: Int32) {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        (events, self.fd) = (stream, fd)
        let watch = WatchThread.Watch(events: Int16(POLLPRI), ready: { revents in
            guard revents & Int16(POLLERR | POLLNVAL) == 0 else { return false }
            continuation.yield()
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

    /// Ends the stream; the watch thread closes the descriptor.
    func close() {
        WatchThread.shared.remove(fd)
    }

    static func microseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
    }
}
