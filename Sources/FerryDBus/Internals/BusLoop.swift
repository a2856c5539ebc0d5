import CSystemd
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Owns one sd-bus connection and the thread that drives it. sd-bus is not thread-safe: every
/// sd-bus call happens on that thread, in jobs other threads enqueue; an eventfd wakes the thread.
final class BusLoop: @unchecked Sendable {
    typealias Job = @Sendable (BusLoop) -> Void

    let bus: OpaquePointer
    let description: String
    /// The eventfd that wakes the bus thread (internal for tests). The bus thread closes it as it
    /// shuts down; other threads write to it only under `queue`'s lock while `wakeable` says it is
    /// still open: a write after the close went into whatever file took its number next (8 bytes,
    /// 01 00 00 00 00 00 00 00, at the start of a file a batch upload was staging in another test).
    let wakeFD: Int32
    private let queue = Mutex<(jobs: [Job], open: Bool, wakeable: Bool)>(([], true, true))

    // Bus thread only.
    var calls: [ObjectIdentifier: PendingCall] = [:]
    var subscriptions: [ObjectIdentifier: Subscription] = [:]

    /// Connects to `address` (synchronously) and starts the bus thread.
    init(address: String, description: String) throws(DBusError) {
        var bus: OpaquePointer? = nil
        guard sd_bus_new(&bus) >= 0, let bus else { throw DBusError(.connect, "sd-bus could not allocate a bus for \(description)") }
        sd_bus_set_description(bus, description)
        var r = sd_bus_set_address(bus, address)
        if r >= 0 { r = sd_bus_set_bus_client(bus, 1) }
        if r >= 0 { r = sd_bus_start(bus) }
        guard r >= 0 else {
            sd_bus_unref(bus)
            throw DBusError(.connect, "cannot connect to the \(description) at \(address): \(errnoText(-r))")
        }
        let fd = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard fd >= 0 else {
            sd_bus_flush_close_unref(bus)
            throw DBusError(.io, "cannot make an eventfd for the \(description): \(errnoText(errno))")
        }
        self.bus = bus
        self.wakeFD = fd
        self.description = description
        startThread()
    }

    /// Runs `job` on the bus thread; calls `ifClosed` instead when the connection is gone.
    func enqueue(_ job: @escaping Job, ifClosed: () -> Void = {}) {
        let accepted = queue.withLock { queue -> Bool in
            guard queue.open else { return false }
            queue.jobs.append(job)
            if queue.wakeable { wake() }
            return true
        }
        guard accepted else { return ifClosed() }
    }

    /// Closes the connection: pending calls fail, signal streams finish. Called again (`close()`,
    /// then the connection's deinit), or after the bus went away, it writes nothing.
    func close() {
        queue.withLock { queue in
            queue.open = false
            if queue.wakeable { wake() }
        }
    }

    /// Wakes the bus thread; only under `queue`'s lock, with `wakeable` true. Non-blocking.
    private func wake() {
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }

    var closedError: DBusError {
        DBusError(.closed, "the connection to the \(description) is closed")
    }

    private func startThread() {
        final class Box { let loop: BusLoop; init(_ loop: BusLoop) { self.loop = loop } }
        var thread = pthread_t()
        let box = Unmanaged.passRetained(Box(self)).toOpaque()
        let status = pthread_create(&thread, nil, { raw in
            Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue().loop.run()
            return nil
        }, box)
        precondition(status == 0, "pthread_create failed: \(status)")
        pthread_detach(thread)
    }

    private func run() {
        while true {
            let (jobs, open) = takeJobs()
            for job in jobs { job(self) }
            guard open else { return shutDown() }
            var r: Int32
            repeat { r = sd_bus_process(bus, nil) } while r > 0
            guard r >= 0 else {
                queue.withLock { $0.open = false }
                return shutDown()
            }
            waitForWork()
        }
    }

    private func takeJobs() -> ([Job], Bool) {
        var drained: UInt64 = 0
        _ = read(wakeFD, &drained, 8)
        return queue.withLock { queue in
            defer { queue.jobs = [] }
            return (queue.jobs, queue.open)
        }
    }

    private func waitForWork() {
        var fds = [
            pollfd(fd: sd_bus_get_fd(bus), events: Int16(truncatingIfNeeded: sd_bus_get_events(bus)), revents: 0),
            pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0),
        ]
        _ = poll(&fds, 2, timeoutMilliseconds())
    }

    private func timeoutMilliseconds() -> Int32 {
        var deadline: UInt64 = 0
        guard sd_bus_get_timeout(bus, &deadline) >= 0, deadline != UInt64.max else { return -1 }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nowMicros = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
        guard deadline > nowMicros else { return 0 }
        return Int32(min((deadline - nowMicros + 999) / 1000, 60_000))
    }

    /// Fails what is still waiting, frees every slot, then the bus.
    private func shutDown() {
        for job in takeJobs().0 { job(self) }
        for pending in calls.values {
            pending.resume(.failure(closedError))
            dropSlot(pending)
        }
        calls = [:]
        for subscription in subscriptions.values {
            subscription.installed?.resume(throwing: closedError)
            subscription.continuation.finish()
            subscription.slot = sd_bus_slot_unref(subscription.slot)
            subscription.loop = nil
        }
        subscriptions = [:]
        sd_bus_flush_close_unref(bus)
        queue.withLock { queue in
            queue.open = false
            queue.wakeable = false
            Glibc.close(wakeFD)
        }
    }

    func dropSlot(_ pending: PendingCall) {
        pending.slot = sd_bus_slot_unref(pending.slot)
        pending.loop = nil
    }
}
