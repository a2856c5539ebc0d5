import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A Linux PSI trigger (`/proc/pressure/memory`, Documentation/accounting/psi.rst): the kernel
/// raises POLLPRI when tasks stalled on memory for more than a set time within a window, at most
/// once per window. Polled on a thread of its own, its events turned into an async stream.
final class PressureTrigger: Sendable {
    let events: AsyncStream<Void>
    /// The write end of the pipe that wakes the thread to end it.
    private let wake: Int32

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

    /// Polls `fd` for POLLPRI, each one an event, until ``close()``; takes over the descriptor.
    init?(descriptor fd: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            Glibc.close(fd)
            return nil
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        (events, wake) = (stream, ends[1])
        let stop = ends[0], wake = ends[1]
        BlockingThread.start {
            while Self.stalled(fd, unless: stop) { continuation.yield() }
            continuation.finish()
            for end in [fd, stop, wake] { Glibc.close(end) }
        }
    }

    /// Waits for POLLPRI on `fd`; false once `stop` is readable or `fd` fails.
    private static func stalled(_ fd: Int32, unless stop: Int32) -> Bool {
        var fds = [pollfd(fd: fd, events: Int16(POLLPRI), revents: 0), pollfd(fd: stop, events: Int16(POLLIN), revents: 0)]
        while poll(&fds, 2, -1) < 0 && errno == EINTR {}
        return fds[1].revents == 0 && fds[0].revents & Int16(POLLERR | POLLNVAL) == 0
    }

    /// Ends the stream and its thread, which closes the descriptors.
    func close() {
        var one: UInt8 = 1
        _ = write(wake, &one, 1)
    }

    static func microseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
    }
}
